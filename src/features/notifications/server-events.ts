// After the stream missed events (a reconnect), which cached queries are stale; and whether an event deserves a
// toast. What each event changes is case-event-batch.ts's.
import type { Query, QueryClient } from '@tanstack/react-query';
import {
  getCaseQueryKey,
  listCasesQueryKey,
  listNotificationsQueryKey,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { Notification, ServerEvent } from '../../../generated/types.gen.ts';

// Base keys (no query, no path) match every filter and page variant, infinite lists included.
function invalidateLists(queryClient: QueryClient): Promise<void>[] {
  return [
    queryClient.invalidateQueries({ queryKey: listNotificationsQueryKey() }),
    queryClient.invalidateQueries({ queryKey: listCasesQueryKey() }),
  ];
}

function isCaseQuery(query: Query): boolean {
  const [key] = query.queryKey;
  const [caseKey] = getCaseQueryKey({ path: { caseId: '' } });
  return typeof key === 'object' && key !== null && (key as { _id?: unknown })._id === caseKey._id;
}

/** After a reconnect any case may have changed unseen: refetch the lists and every case held. */
export async function invalidateAfterReconnect(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    ...invalidateLists(queryClient),
    queryClient.invalidateQueries({ predicate: isCaseQuery }),
  ]);
}

/** The notification an event should toast: one written for the reader, not caused by the reader. */
export function notificationToToast(event: ServerEvent, userId: string | undefined): Notification | null {
  if (event.type !== 'notification' || event.notification === undefined) return null;
  const { notification } = event;
  if (userId !== undefined && notification.author?.id === userId) return null;
  return notification;
}
