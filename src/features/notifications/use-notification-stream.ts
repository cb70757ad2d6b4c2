// Keeps the tab's event stream open while signed in: each event refreshes what it changed and, when it
// concerns the reader and someone else caused it, shows a toast. An offer to the reader is no toast: it goes
// into the waiting offers, which the offer alert shows until the reader answers, with the sound of its urgency
// (again at each re-alert the server sends, at the hospital's interval, while the offer waits).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CHIME, OFFER_SOUNDS, playPattern } from './alert-sound.ts';
import { startEventStream } from './event-stream.ts';
import { notificationHeadline, toNotificationView } from './notification-view.ts';
import { showOfferedCase } from './offered-case.ts';
import { invalidateAfterReconnect, invalidateForEvent, notificationToToast } from './server-events.ts';
import { addWaitingOffer, offerAlertOf } from './waiting-offers.ts';

export interface NotificationStreamOptions {
  /** False stops the stream (signed out). */
  readonly enabled: boolean;
  /** The reader's user id (getMe); their own doings are not toasted. */
  readonly userId: string | undefined;
  readonly roles: readonly string[];
  /** The user's preferences (their settings): a toast, and a short sound, for each new notification. */
  readonly toasts: boolean;
  readonly sound: boolean;
}

interface Reader {
  /** The screen the reader is on. */
  readonly pathname: string;
  readonly userId: string | undefined;
  readonly roles: readonly string[];
  readonly navigate: NavigateFunction;
  readonly toasts: boolean;
  readonly sound: boolean;
}

export function useNotificationStream({
  enabled,
  userId,
  roles,
  toasts,
  sound,
}: NotificationStreamOptions): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The stream outlives renders; it reads who the reader is at the moment an event arrives.
  const reader = useRef<Reader>({ pathname, userId, roles, navigate, toasts, sound });
  useEffect(() => {
    reader.current = { pathname, userId, roles, navigate, toasts, sound };
  }, [pathname, userId, roles, navigate, toasts, sound]);

  useEffect(() => {
    if (!enabled) return undefined;
    const stream = startEventStream({
      onEvent: (event) => {
        const offer = offerAlertOf(event, reader.current.userId);
        if (offer !== null) addWaitingOffer(queryClient, offer);
        const rest = (): void => {
          void invalidateForEvent(queryClient, event);
          if (offer !== null) {
            if (reader.current.sound) playPattern(OFFER_SOUNDS[offer.urgency]);
            return;
          }
          const notification = notificationToToast(event, reader.current.userId);
          if (notification === null) return;
          if (reader.current.sound) playPattern(CHIME);
          if (!reader.current.toasts) return;
          const view = toNotificationView(notification, reader.current.roles);
          const { href } = view;
          // On the case's own page the change shows in place (the thread, the consultation): a toast about it
          // would only cover what it says.
          if (href !== undefined && reader.current.pathname === href) return;
          toast(notificationHeadline(view), {
            id: view.id,
            description: view.message ?? undefined,
            action:
              href === undefined
                ? undefined
                : {
                    label: 'Open',
                    onClick: () => {
                      void reader.current.navigate(href);
                    },
                  },
          });
        };
        // An offer's case goes into the open case box first; the refetch that confirms it (the server's
        // answer), the toast and the chime wait a task, so the card's render does not queue behind them.
        if (showOfferedCase(queryClient, event, reader.current.userId)) setTimeout(rest, 0);
        else rest();
      },
      onReconnect: () => {
        void invalidateAfterReconnect(queryClient);
      },
    });
    return () => {
      stream.stop();
    };
  }, [enabled, queryClient]);
}
