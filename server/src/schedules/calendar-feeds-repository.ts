// The calendar feeds: one per specialist, kept as the hash of its token only.
import type { Queryable } from '../db/database.ts';

export async function replaceCalendarFeed(db: Queryable, userId: string, tokenHash: string): Promise<void> {
  await db.query(
    `insert into calendar_feeds (user_id, token_hash) values ($1, $2)
     on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = now()`,
    [userId, tokenHash],
  );
}

export async function deleteCalendarFeed(db: Queryable, userId: string): Promise<void> {
  await db.query('delete from calendar_feeds where user_id = $1', [userId]);
}

/** The active user a feed belongs to: a deactivated account's feed answers as a revoked one. */
export async function findCalendarFeedUser(db: Queryable, tokenHash: string): Promise<string | undefined> {
  const [row] = await db.query<{ user_id: string }>(
    `select f.user_id from calendar_feeds f join users u on u.id = f.user_id
     where f.token_hash = $1 and u.active`,
    [tokenHash],
  );
  return row?.user_id;
}
