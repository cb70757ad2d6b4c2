// The protected layout's element: the shell with the signed-in user's roles and notifications, a bar while a
// lazy screen loads, and the matched screen. The tab's event stream lives as long as this layout. Above the
// screen, on every one: the connection's state when the server cannot be reached, and the offers waiting for
// the specialist's answer.
import { useIsAuthenticated } from '@azure/msal-react';
import { Progress } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { getMySettingsOptions } from '../../../generated/@tanstack/react-query.gen.ts';
import {
  useNotificationFeed,
  useNotificationStream,
  useWaitingOffers,
} from '../../features/notifications/index.ts';
import { useRoles } from '../../lib/auth/index.ts';
import { ConnectionBanner, useRefetchOnReconnect } from './connection-banner.tsx';
import { useMe } from '../../lib/use-me.ts';
import { type NotificationsSheetFeed, NotificationsSheetProvider } from './notifications-sheet-feed.ts';
import { OfferAlert, useOfferCount } from './offer-alert.tsx';
import { ShellFrame } from './shell-frame.tsx';
import classes from './shell-frame.module.css';

export function AppShellLayout() {
  const roles = useRoles();
  // Who the API says is signed in: the header names them, and a session the API refuses ends here.
  const { me } = useMe();
  const navigating = useNavigation().state !== 'idle';
  const feed = useNotificationFeed(roles);
  // The user's notification preferences; until they are read, the defaults (toasts on, sound on).
  const preferences = useQuery(getMySettingsOptions()).data?.preferences;
  useNotificationStream({
    enabled: useIsAuthenticated(),
    userId: me?.id,
    roles,
    toasts: preferences?.toasts ?? true,
    sound: preferences?.sound ?? true,
  });

  useRefetchOnReconnect();
  const offers = useWaitingOffers(me?.id, roles.includes('specialist'));
  useOfferCount(offers.length);

  const timeZone = me?.hospital?.timeZone;
  const { read, markRead, markAllRead } = feed;
  const sheetFeed = useMemo<NotificationsSheetFeed>(
    () => ({
      earlier: read,
      timeZone,
      onMarkRead: (entry) => {
        markRead(entry.id);
      },
      onMarkAllRead: markAllRead,
    }),
    [read, timeZone, markRead, markAllRead],
  );

  return (
    <NotificationsSheetProvider value={sheetFeed}>
      {/* The frame's bell counts what it is given: the unread entries. */}
      <ShellFrame roles={roles} userName={me?.displayName} notifications={feed.unread}>
        {navigating && (
          <Progress.Root size="xs" radius={0} pos="fixed" top={0} left={0} right={0} style={{ zIndex: 1000 }}>
            <Progress.Section value={100} animated aria-label="Loading the next screen" />
          </Progress.Root>
        )}
        <div className={classes.alerts}>
          <ConnectionBanner timeZone={timeZone} />
          <OfferAlert offers={offers} />
        </div>
        <Outlet />
      </ShellFrame>
    </NotificationsSheetProvider>
  );
}
