// The shell around every protected screen: header, small-screen drawer, notifications sheet and the iframe
// warning. Roles come in as a prop, so tests render it without signing in.
import { AppShell, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { Header } from './header.tsx';
import { IframeWarning, isEmbedded } from './iframe-warning.tsx';
import { NavDrawer } from './nav-drawer.tsx';
import { navItemsFor } from './nav-items.ts';
import { type NotificationEntry, NotificationsSheet } from './notifications-sheet.tsx';

export interface ShellFrameProps {
  readonly roles: readonly string[];
  /** The signed-in person's name, once the API has told who they are. */
  readonly userName?: string | undefined;
  readonly notifications: readonly NotificationEntry[];
  readonly children: ReactNode;
}

export function ShellFrame({ roles, userName, notifications, children }: ShellFrameProps) {
  const [menuOpened, menu] = useDisclosure(false);
  const [sheetOpened, sheet] = useDisclosure(false);
  const [embedded] = useState(() => isEmbedded(window));
  // The drawer belongs to small screens: widening the window past md puts the header links back instead.
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.md})`);

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Header
          roles={roles}
          userName={userName}
          menuOpened={menuOpened}
          onOpenMenu={menu.open}
          onOpenNotifications={sheet.open}
          unreadNotifications={notifications.length}
        />
      </AppShell.Header>
      <NavDrawer opened={menuOpened && !wide} onClose={menu.close} items={navItemsFor(roles)} />
      <NotificationsSheet opened={sheetOpened} onClose={sheet.close} entries={notifications} />
      <AppShell.Main>
        <IframeWarning embedded={embedded} />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
