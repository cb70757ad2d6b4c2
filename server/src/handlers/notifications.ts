import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest } from '../errors.ts';
import { decodeCursor, encodeCursor } from '../keyset-cursor.ts';
import { NOTIFICATION_SELECT, toNotification, type NotificationRow } from '../events/notifications.ts';
import { actorOf } from '../http/request-context.ts';

export const notificationDetails = {
  idsOrAll: 'Send either ids or all: true',
} as const;

async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*) as count from notifications where user_id = $1 and read_at is null',
    [userId],
  );
  return row?.count ?? 0;
}

export const notificationsHandlers = {
  async listNotifications(request, reply) {
    const { caller } = actorOf(request);
    const { db } = request.server;
    const limit = request.query?.limit ?? 50;
    const params: unknown[] = [caller.id, limit + 1];
    const where = ['n.user_id = $1'];
    if (request.query?.unread === true) where.push('n.read_at is null');
    if (request.query?.cursor !== undefined) {
      const cursor = decodeCursor(request.query.cursor);
      params.push(cursor.createdAt, cursor.id);
      where.push('(n.created_at, n.id) < ($3::timestamptz, $4)');
    }
    const rows = await db.query<NotificationRow>(
      `${NOTIFICATION_SELECT} where ${where.join(' and ')} order by n.created_at desc, n.id desc limit $2`,
      params,
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return reply.code(200).send({
      items: page.map(toNotification),
      unreadCount: await unreadCount(db, caller.id),
      nextCursor:
        rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    });
  },
  async markNotificationsRead(request, reply) {
    const { caller } = actorOf(request);
    const { db } = request.server;
    const { ids, all } = request.body;
    if ((all === true) === (ids !== undefined)) throw badRequest(notificationDetails.idsOrAll);
    const now = request.server.cases.context.clock.now().toISOString();
    if (all === true) {
      await db.query('update notifications set read_at = $2 where user_id = $1 and read_at is null', [
        caller.id,
        now,
      ]);
    } else {
      // Only the caller's own: someone else's id is silently not the caller's to mark.
      await db.query(
        'update notifications set read_at = $3 where user_id = $1 and id = any($2::text[]) and read_at is null',
        [caller.id, ids ?? [], now],
      );
    }
    return reply.code(200).send({ unreadCount: await unreadCount(db, caller.id) });
  },
} satisfies Pick<RouteHandlers, 'listNotifications' | 'markNotificationsRead'>;
