// The notifications table: written by a case's changes, read as the caller's pages and by the event streams.
import type { Notification, NotificationKind } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import type { KeysetPosition } from '../keyset-cursor.ts';

interface NotificationRow {
  id: string;
  user_id: string;
  kind: NotificationKind;
  case_id: string | null;
  case_display_number: string | null;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  message: string | null;
  created_at: string;
  read_at: string | null;
  [column: string]: unknown;
}

const NOTIFICATION_SELECT = `select n.id, n.user_id, n.kind, n.case_id, c.display_number as case_display_number,
  n.actor_id, u.display_name as actor_name, n.action, n.message, n.created_at, n.read_at
  from notifications n left join cases c on c.id = n.case_id left join users u on u.id = n.actor_id`;

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    caseId: row.case_id,
    caseDisplayNumber: row.case_display_number,
    author: row.actor_id === null ? null : { id: row.actor_id, displayName: row.actor_name ?? '' },
    action: row.action,
    message: row.message,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

export interface NewNotifications {
  /** One id per recipient, in the same order. */
  readonly ids: readonly string[];
  readonly userIds: readonly string[];
  /** Null for a notice about no case (a gap in on-call coverage). */
  readonly caseId: string | null;
  readonly kind: NotificationKind;
  readonly actorId: string | null;
  readonly action: string;
  readonly message: string | null;
  readonly at: Date;
}

/** One notification per recipient, all alike but for the user. */
export async function insertNotifications(db: Queryable, batch: NewNotifications): Promise<void> {
  await db.query(
    `insert into notifications (id, user_id, case_id, kind, actor_id, action, message, created_at)
       select id, user_id, $3, $4, $5, $6, $7, $8 from unnest($1::text[], $2::text[]) as n (id, user_id)`,
    [
      batch.ids,
      batch.userIds,
      batch.caseId,
      batch.kind,
      batch.actorId,
      batch.action,
      batch.message,
      batch.at.toISOString(),
    ],
  );
}

/** The notifications with these ids, each with the user it is for. */
export async function readNotifications(
  db: Queryable,
  ids: readonly string[],
): Promise<{ userId: string; notification: Notification }[]> {
  const rows = await db.query<NotificationRow>(`${NOTIFICATION_SELECT} where n.id = any($1::text[])`, [ids]);
  return rows.map((row) => ({ userId: row.user_id, notification: toNotification(row) }));
}

/** Up to `limit` of the user's notifications, newest first, after `after` when given. */
export async function readNotificationPage(
  db: Queryable,
  userId: string,
  options: { readonly unread: boolean; readonly after: KeysetPosition | undefined; readonly limit: number },
): Promise<Notification[]> {
  const params: unknown[] = [userId, options.limit];
  const where = ['n.user_id = $1'];
  if (options.unread) where.push('n.read_at is null');
  if (options.after !== undefined) {
    params.push(options.after.createdAt, options.after.id);
    where.push('(n.created_at, n.id) < ($3::timestamptz, $4)');
  }
  const rows = await db.query<NotificationRow>(
    `${NOTIFICATION_SELECT} where ${where.join(' and ')} order by n.created_at desc, n.id desc limit $2`,
    params,
  );
  return rows.map(toNotification);
}

export async function countUnread(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*) as count from notifications where user_id = $1 and read_at is null',
    [userId],
  );
  return row?.count ?? 0;
}

export async function markAllRead(db: Queryable, userId: string, at: Date): Promise<void> {
  await db.query('update notifications set read_at = $2 where user_id = $1 and read_at is null', [
    userId,
    at.toISOString(),
  ]);
}

/** Marks the user's own notifications among `ids`; anyone else's id is left alone. */
export async function markRead(
  db: Queryable,
  userId: string,
  ids: readonly string[],
  at: Date,
): Promise<void> {
  await db.query(
    'update notifications set read_at = $3 where user_id = $1 and id = any($2::text[]) and read_at is null',
    [userId, ids, at.toISOString()],
  );
}
