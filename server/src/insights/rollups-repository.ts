// The rollups' rows (migration 0016): one per hospital, specialty, urgency and local day, with the counts and
// the histograms' count map; insights/rollup-figures.ts merges them into figures.
import type { Queryable } from '../db/database.ts';
import type { InsightsFilter } from './insights-repository.ts';

export interface RollupRow {
  readonly hospital_id: string;
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
  readonly counts: Record<string, number> | string;
  readonly [column: string]: unknown;
}

/** The rollups of the range, within the filter (rows whose volume fell to 0 are absent). */
export async function readRollups(db: Queryable, filter: InsightsFilter): Promise<RollupRow[]> {
  return db.query<RollupRow>(
    `select r.hospital_id, r.day::text as day, r.specialty_id, r.urgency, r.volume, r.cancelled, r.within_ack,
       r.within_target, r.escalated, r.declines, r.no_coverage, r.counts
     from insight_rollups r
     where r.hospital_id in (select id from hospitals
         where hospital_system_id = $3 and ($4::text[] is null or id = any($4::text[])))
       and r.day between $1::date and $2::date
       and ($5::text is null or r.specialty_id = $5) and ($6::text is null or r.urgency = $6)
       and r.volume > 0`,
    [
      filter.from,
      filter.to,
      filter.hospitalSystemId,
      filter.hospitalIds === null ? null : [...filter.hospitalIds],
      filter.specialtyId,
      filter.urgency,
    ],
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
