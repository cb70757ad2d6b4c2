// Keeps the tab's event stream open while signed in: each event refreshes what it changed and, when it
// concerns the reader and someone else caused it, shows a toast.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { startEventStream } from './event-stream.ts';
import { notificationHeadline, toNotificationView } from './notification-view.ts';
import { invalidateAfterReconnect, invalidateForEvent, notificationToToast } from './server-events.ts';

export interface NotificationStreamOptions {
  /** False stops the stream (signed out). */
  readonly enabled: boolean;
  /** The reader's user id (getMe); their own doings are not toasted. */
  readonly userId: string | undefined;
  readonly roles: readonly string[];
}

interface Reader {
  readonly userId: string | undefined;
  readonly roles: readonly string[];
  readonly navigate: NavigateFunction;
}

export function useNotificationStream({ enabled, userId, roles }: NotificationStreamOptions): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The stream outlives renders; it reads who the reader is at the moment an event arrives.
  const reader = useRef<Reader>({ userId, roles, navigate });
  useEffect(() => {
    reader.current = { userId, roles, navigate };
  }, [userId, roles, navigate]);

  useEffect(() => {
    if (!enabled) return undefined;
    const stream = startEventStream({
      onEvent: (event) => {
        void invalidateForEvent(queryClient, event);
        const notification = notificationToToast(event, reader.current.userId);
        if (notification === null) return;
        const view = toNotificationView(notification, reader.current.roles);
        const { href } = view;
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
