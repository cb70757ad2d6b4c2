// What one server event changes in the tab: which cached queries are stale, and whether it deserves a toast.
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

/** On `notification` or `case` (the contract's words): refetch the notifications, the case lists and the case. */
export async function invalidateForEvent(queryClient: QueryClient, event: ServerEvent): Promise<void> {
  if (event.type === 'ping') return;
  const pending = invalidateLists(queryClient);
  const caseId = event.caseId ?? event.notification?.caseId ?? null;
  if (caseId !== null) {
    pending.push(queryClient.invalidateQueries({ queryKey: getCaseQueryKey({ path: { caseId } }) }));
  }
  await Promise.all(pending);
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
