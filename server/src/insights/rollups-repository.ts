// The rollups' rows: one per hospital, specialty, urgency and local day (migration 0016), and one per local
// month (migration 0017), with the counts and the histograms' count map as the database writes it (jsonb's
// text); insights/rollup-figures.ts merges them into figures.
import type { Queryable } from '../db/database.ts';
import { filterParams, type InsightsFilter } from './insights-repository.ts';

export interface RollupRow {
  readonly hospital_id: string;
  /** The local day; for a month's row, the month's first day. */
  readonly day: string;
  readonly specialty_id: string;
  readonly urgency: string;
  readonly volume: number;
  readonly cancelled: number;
  readonly within_ack: number;
  readonly within_target: number;
  readonly escalated: number;
  readonly declines: number;
  readonly no_coverage: number;
  /** The count map as jsonb prints it: `{"a:12": 3, "d:4": 1, …}`. */
  readonly counts: string;
  readonly [column: string]: unknown;
}

const COLUMNS = `r.hospital_id, r.specialty_id, r.urgency, r.volume, r.cancelled, r.within_ack, r.within_target,
  r.escalated, r.declines, r.no_coverage, r.counts::text as counts`;

// $1 from, $2 to (dates), $3 hospital system, $4 hospital ids or null, $5 specialty or null, $6 urgency or null.
const IN_SCOPE = `r.hospital_id in (select id from hospitals
    where hospital_system_id = $3 and ($4::text[] is null or id = any($4::text[])))
  and ($5::text is null or r.specialty_id = $5) and ($6::text is null or r.urgency = $6)
  and r.volume > 0`;

/** The daily rollups of the range, within the filter (rows whose volume fell to 0 are absent). */
export async function readRollups(db: Queryable, filter: InsightsFilter): Promise<RollupRow[]> {
  return db.query<RollupRow>(
    `select r.day::text as day, ${COLUMNS}
     from insight_rollups r
     where r.day between $1::date and $2::date and ${IN_SCOPE}`,
    filterParams(filter),
  );
}

/** The first days of the first and the last whole month of a range (dates), or null when it holds none. */
export function wholeMonthsOf(from: string, to: string): { first: string; last: string } | null {
  const start = new Date(`${from}T00:00:00Z`);
  const first = new Date(
    Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + (start.getUTCDate() === 1 ? 0 : 1), 1),
  );
  const end = new Date(`${to}T00:00:00Z`);
  const endsMonth = new Date(end.getTime() + 86_400_000).getUTCDate() === 1;
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (endsMonth ? 0 : 1), 1));
  if (first > last) return null;
  return { first: first.toISOString().slice(0, 10), last: last.toISOString().slice(0, 10) };
}

/**
 * The range's rollups, its whole months as one row each per hospital, specialty and urgency (migration 0017)
 * and its other days as daily rows: the same sums in fewer rows. Interval keys only in the months' maps.
 */
export async function readRollupsByMonth(db: Queryable, filter: InsightsFilter): Promise<RollupRow[]> {
  const months = wholeMonthsOf(filter.from, filter.to);
  if (months === null) return readRollups(db, filter);
  return db.query<RollupRow>(
    `select r.day::text as day, ${COLUMNS}
     from insight_rollups r
     where r.day between $1::date and $2::date
       and (r.day < $7::date or r.day >= ($8::date + interval '1 month')) and ${IN_SCOPE}
     union all
     select r.month::text as day, ${COLUMNS}
     from insight_monthly_rollups r
     where r.month between $7::date and $8::date and ${IN_SCOPE}`,
    [...filterParams(filter), months.first, months.last],
  );
}

/** Ids and names, by name. */
export async function namesInOrder(
  db: Queryable,
  table: 'hospitals' | 'specialties',
  ids: readonly string[],
) {
  return db.query<{ id: string; name: string }>(
    `select id, name from ${table} where id = any($1::text[]) order by name, id`,
    [[...ids]],
  );
}
