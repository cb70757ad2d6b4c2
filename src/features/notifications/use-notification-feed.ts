// The reader's notifications for the shell: the newest page, split into unread and read, and marking read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toast } from 'sonner';
import {
  listNotificationsOptions,
  listNotificationsQueryKey,
  markNotificationsReadMutation,
} from '../../../generated/@tanstack/react-query.gen.ts';
import { texts } from '../../config/texts.ts';
import { ApiError } from '../../lib/api/index.ts';
import { type NotificationView, toNotificationView } from './notification-view.ts';

/** The contract's largest page: the sheet lists this many, newest first, and the bell counts the unread among them. */
export const NOTIFICATION_PAGE_SIZE = 100;

export interface NotificationFeed {
  readonly unread: readonly NotificationView[];
  readonly read: readonly NotificationView[];
  readonly markRead: (id: string) => void;
  readonly markAllRead: () => void;
}

export function useNotificationFeed(roles: readonly string[]): NotificationFeed {
  const queryClient = useQueryClient();
  const list = useQuery(listNotificationsOptions({ query: { limit: NOTIFICATION_PAGE_SIZE } }));
  const { mutate } = useMutation({
    ...markNotificationsReadMutation(),
    // The generated type is the body; lib/api's interceptor makes every failure an ApiError.
    onError: (error) => {
      const failure: unknown = error;
      toast.error(failure instanceof ApiError ? failure.message : texts.somethingWentWrong);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listNotificationsQueryKey() }),
  });
  const views = useMemo(
    () => (list.data?.items ?? []).map((notification) => toNotificationView(notification, roles)),
    [list.data, roles],
  );
  return useMemo(
    () => ({
      unread: views.filter((view) => !view.read),
      read: views.filter((view) => view.read),
      markRead: (id: string) => {
        mutate({ body: { ids: [id] } });
      },
      markAllRead: () => {
        mutate({ body: { all: true } });
      },
    }),
    [views, mutate],
  );
}
