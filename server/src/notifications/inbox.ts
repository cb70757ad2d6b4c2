// The caller's notifications: pages newest first with the unread count, and marking them read.
import type { NotificationList } from '../../../generated/types.gen.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { badRequest } from '../errors.ts';
import { decodeCursor, encodeCursor } from '../keyset-cursor.ts';
import { countUnread, markAllRead, markRead, readNotificationPage } from './notifications-repository.ts';

export const notificationDetails = {
  idsOrAll: 'Send either ids or all: true',
} as const;

export async function listNotifications(
  db: Database,
  caller: Caller,
  query: { readonly limit?: number; readonly unread?: boolean; readonly cursor?: string },
): Promise<NotificationList> {
  const limit = query.limit ?? 50;
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  // One row more than asked: whether another page follows.
  const rows = await readNotificationPage(db, caller.id, {
    unread: query.unread === true,
    after,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page,
    unreadCount: await countUnread(db, caller.id),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

/** Marks the given notifications, or all of them, read; answers the unread count left. */
export async function markNotificationsRead(
  db: Database,
  caller: Caller,
  body: { readonly ids?: readonly string[]; readonly all?: boolean },
  at: Date,
): Promise<{ unreadCount: number }> {
  const { ids, all } = body;
  if ((all === true) === (ids !== undefined)) throw badRequest(notificationDetails.idsOrAll);
  if (all === true) await markAllRead(db, caller.id, at);
  else await markRead(db, caller.id, ids ?? [], at);
  return { unreadCount: await countUnread(db, caller.id) };
}
