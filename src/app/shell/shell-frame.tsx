// The shell around every protected screen: header, small-screen drawer, notifications sheet and the iframe
// warning. Roles come in as a prop, so tests render it without signing in. The drawer and the sheet load
// when first wanted (see use-lazy-panel.ts).
import { Box, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { lazyModule } from '../route-modules.ts';
import { Header } from './header.tsx';
import classes from './shell-frame.module.css';
import { IframeWarning, isEmbedded } from './iframe-warning.tsx';
import { navItemsFor } from './nav-items.ts';
import type { NotificationEntry } from './notifications-sheet-feed.ts';
import { useLazyPanel } from './use-lazy-panel.ts';

const navDrawer = lazyModule('nav-drawer', () => import('./nav-drawer.tsx'));
const notificationsSheet = lazyModule('notifications-sheet', () => import('./notifications-sheet.tsx'));

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
  const drawerPanel = useLazyPanel(navDrawer);
  const sheetPanel = useLazyPanel(notificationsSheet);
  const [embedded] = useState(() => isEmbedded(window));
  // The drawer belongs to small screens: widening the window past md puts the header links back instead.
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.md})`);
  const NavDrawer = drawerPanel.loaded?.NavDrawer;
  const NotificationsSheet = sheetPanel.loaded?.NotificationsSheet;

  return (
    <>
      {/* The first stop of the keyboard: past the header and its links, straight to the screen. */}
      <a href="#main-content" className="skip-link">
        Skip to main content
      </a>
      {/* The scroll lock of an open drawer shifts this class by the scrollbar it hides: the header stays put. */}
      <Box component="header" className={`${classes.header} right-scroll-bar-position`}>
        <Header
          roles={roles}
          userName={userName}
          menuOpened={menuOpened}
          onOpenMenu={() => {
            menu.open();
            void drawerPanel.load().then((loaded) => {
              if (!loaded) menu.close();
            });
          }}
          menuIntentProps={drawerPanel.intentProps}
          onOpenNotifications={() => {
            sheet.open();
            void sheetPanel.load().then((loaded) => {
              if (!loaded) sheet.close();
            });
          }}
          notificationsIntentProps={sheetPanel.intentProps}
          unreadNotifications={notifications.length}
        />
      </Box>
      {NavDrawer && (
        <NavDrawer
          opened={menuOpened && !wide}
          onClose={menu.close}
          items={navItemsFor(roles, { drawer: true })}
        />
      )}
      {NotificationsSheet && (
        <NotificationsSheet opened={sheetOpened} onClose={sheet.close} entries={notifications} />
      )}
      <Box component="main" id="main-content" tabIndex={-1} className={classes.main}>
        <IframeWarning embedded={embedded} />
        {children}
      </Box>
    </>
  );
}
