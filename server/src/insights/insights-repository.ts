// The insights' SQL: the measures of each case of a range (`case_measures`, the columns of
// domain/measures.ts's CaseMeasures, computed the same way) and their aggregates. Days are each hospital's
// own: the range's bounds are its local midnights, so the scan stays on (hospital_id, created_at).
import type { Urgency } from '../../../generated/types.gen.ts';
import type { Queryable, Row } from '../db/database.ts';

export interface InsightsFilter {
  readonly from: string;
  readonly to: string;
  readonly hospitalSystemId: string;
  /** The hospitals in scope; null for every hospital of the system. */
  readonly hospitalIds: readonly string[] | null;
  readonly specialtyId: string | null;
  readonly urgency: Urgency | null;
}

/** The filter's SQL parameters $1…$6, in the order every insights statement reads them. */
export const filterParams = (filter: InsightsFilter) => [
  filter.from,
  filter.to,
  filter.hospitalSystemId,
  filter.hospitalIds === null ? null : [...filter.hospitalIds],
  filter.specialtyId,
  filter.urgency,
];

// $1 from, $2 to (dates), $3 hospital system, $4 hospital ids or null, $5 specialty or null, $6 urgency or
// null. Cancelled cases keep only their flags (domain/measures.ts: cancelled cases count apart).
/**
 * The range's cases of each hospital in scope. `page` narrows each hospital's probe to one keyset page
 * ($7 the last key's created_at, $8 its id, $9 the page size), so a page reads its own rows only.
 */
const scopedCases = (page = '') => `
  scope as (
    select h.id, h.time_zone,
      ($1::date::timestamp at time zone h.time_zone) as starts,
      (($2::date + 1)::timestamp at time zone h.time_zone) as ends
    from hospitals h
    where h.hospital_system_id = $3 and ($4::text[] is null or h.id = any($4::text[]))
  ),
  scoped as (
    -- Each hospital's range read through its (hospital, created_at) index: the bounds come from the
    -- hospital's time zone, and as a join filter they let the planner scan the whole table instead (the
    -- cost follows the range, not the table). The offset keeps the planner from flattening the probe back
    -- into that join.
    select c.*, s.time_zone
    from scope s
    cross join lateral (
      select * from cases c
      where c.hospital_id = s.id and c.created_at >= s.starts and c.created_at < s.ends
        and ($5::text is null or c.specialty_id = $5) and ($6::text is null or c.urgency = $6)
        ${page}
      offset 0
    ) c
  )`;

const SCOPED_CASES = scopedCases();

const caseMeasures = (page = '') => `
  with ${scopedCases(page)},
  case_measures as (
    select c.id, c.display_number, c.hospital_id, c.specialty_id, c.urgency, c.created_at,
      (c.created_at at time zone c.time_zone) as local_opened,
      c.cancelled_at is not null as cancelled,
      case when c.cancelled_at is null then insight_seconds(c.door_time, c.created_at) end as door_to_request,
      case when c.cancelled_at is null then insight_seconds(c.created_at, o.first_offer) end as request_to_first_offer,
      case when c.cancelled_at is null then insight_seconds(c.created_at, c.accepted_at) end as request_to_accept,
      case when c.cancelled_at is null then insight_seconds(c.accepted_at, k.created_at) end as accept_to_consultation,
      case when c.cancelled_at is null then insight_seconds(c.created_at, k.created_at) end as request_to_consultation,
      e.escalated is not null as escalated,
      coalesce(o.declines, 0)::int as declines,
      c.no_coverage,
      coalesce(c.cancelled_at is null and insight_seconds(c.created_at, c.accepted_at) <= case c.urgency
        when 'emergent' then coalesce(hs.ack_seconds_emergent, 300)
        when 'urgent' then coalesce(hs.ack_seconds_urgent, 900)
        else coalesce(hs.ack_seconds_routine, 3600) end, false) as within_ack,
      coalesce(c.cancelled_at is null and c.accepted_at <= c.target_due_at, false) as within_target
    from scoped c
    left join hospital_case_settings hs on hs.hospital_id = c.hospital_id
    left join lateral (
      select min(offered_at) as first_offer, count(*) filter (where declined_at is not null) as declines
      from case_offers where case_id = c.id
    ) o on true
    -- One probe per case of the range, of the consultation's key and of the partial escalation index: a
    -- hashed scan of every consultation or escalation would grow with the table's history rather than with
    -- the range (the cost follows the range, not the table). The limit keeps the planner from turning a
    -- probe back into a join it may hash.
    left join lateral (
      select k.created_at from consultations k where k.case_id = c.id limit 1
    ) k on true
    left join lateral (
      select true as escalated from case_events e where e.case_id = c.id and e.kind = 'escalated' limit 1
    ) e on true
  )`;

export interface IntervalFiguresRow {
  readonly median: number | null;
  readonly p90: number | null;
}

export interface FiguresRow {
  readonly volume: number;
  readonly cancelled: number;
  readonly intervals: Record<
    | 'doorToRequest'
    | 'requestToFirstOffer'
    | 'requestToAccept'
    | 'acceptToConsultation'
    | 'requestToConsultation',
    IntervalFiguresRow
  >;
  readonly withinAckShare: number | null;
  readonly withinTargetShare: number | null;
  readonly escalated: number;
  readonly declines: number;
  readonly noCoverage: number;
}

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export interface BreakdownRows {
  readonly totals: FiguresRow;
  readonly trend: { start: string; figures: FiguresRow }[];
  readonly byHospital: { id: string; name: string; figures: FiguresRow }[];
  readonly bySpecialty: { id: string; name: string; figures: FiguresRow }[];
  readonly byUrgency: { id: string; name: string; figures: FiguresRow }[];
  readonly byHourOfWeek: { weekday: number; hour: number; volume: number }[];
}

export interface CaseMeasuresRow extends Row {
  readonly id: string;
  readonly display_number: string;
  readonly hospital_id: string;
  readonly specialty_id: string;
  readonly urgency: string;
  readonly created_at: string;
  /** created_at to the microsecond, for the next page's key (ISO strings stop at milliseconds). */
  readonly cursor_at: string;
  readonly local_date: string;
  readonly cancelled: boolean;
  readonly door_to_request: number | null;
  readonly request_to_first_offer: number | null;
  readonly request_to_accept: number | null;
  readonly accept_to_consultation: number | null;
  readonly request_to_consultation: number | null;
  readonly escalated: boolean;
  readonly declines: number;
  readonly no_coverage: boolean;
  readonly within_ack: boolean;
  readonly within_target: boolean;
}

/** One page of the range's case measures in (created_at, id) order, after the given key. */
export async function readCaseMeasuresPage(
  db: Queryable,
  filter: InsightsFilter,
  after: { createdAt: string; id: string } | null,
  limit: number,
): Promise<CaseMeasuresRow[]> {
  return db.query<CaseMeasuresRow>(
    `${caseMeasures(
      `and ($7::timestamptz is null or (c.created_at, c.id) > ($7::timestamptz, $8::text))
        order by c.created_at, c.id
        limit $9`,
    )}
    select id, display_number, hospital_id, specialty_id, urgency, created_at,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at, local_opened::date::text as local_date, cancelled, door_to_request, request_to_first_offer,
      request_to_accept, accept_to_consultation, request_to_consultation, escalated, declines, no_coverage,
      within_ack, within_target
    from case_measures
    where $7::timestamptz is null or (created_at, id) > ($7::timestamptz, $8::text)
    order by created_at, id
    limit $9`,
    [...filterParams(filter), after?.createdAt ?? null, after?.id ?? null, limit],
  );
}

export interface PhysicianRow {
  readonly id: string;
  readonly displayName: string;
  readonly offered: number;
  readonly accepted: number;
  readonly declined: number;
  readonly responseMedian: number | null;
  readonly responseP90: number | null;
  readonly withinAckShare: number | null;
}

// Each offer of the range's cases: its response (offer → accept or decline) and the urgency's
// acknowledgement time (domain/measures.ts: responseSeconds).
const offersSql = (where = '') => `
  with ${SCOPED_CASES},
  offers as (
    select o.specialist_id, o.accepted_at, o.declined_at,
      insight_seconds(o.offered_at, coalesce(o.accepted_at, o.declined_at)) as response,
      case c.urgency
        when 'emergent' then coalesce(hs.ack_seconds_emergent, 300)
        when 'urgent' then coalesce(hs.ack_seconds_urgent, 900)
        else coalesce(hs.ack_seconds_routine, 3600) end as ack_seconds
    from scoped c
    join case_offers o on o.case_id = c.id
    left join hospital_case_settings hs on hs.hospital_id = c.hospital_id
    where c.cancelled_at is null ${where}
  )`;

/** Per specialist offered a case of the range (or only `specialistId`). */
export async function readPhysicians(
  db: Queryable,
  filter: InsightsFilter,
  specialistId: string | null,
): Promise<PhysicianRow[]> {
  const rows = await db.query(
    `${offersSql()}
    select o.specialist_id, u.display_name, count(*)::int as offered, count(o.accepted_at)::int as accepted,
      count(o.declined_at)::int as declined,
      percentile_cont(0.5) within group (order by o.response) as response_median,
      percentile_cont(0.9) within group (order by o.response) as response_p90,
      avg((o.response <= o.ack_seconds)::int) filter (where o.response is not null)::double precision
        as within_ack_share
    from offers o join users u on u.id = o.specialist_id
    where $7::text is null or o.specialist_id = $7
    group by o.specialist_id, u.display_name
    order by u.display_name, o.specialist_id`,
    [...filterParams(filter), specialistId],
  );
  return rows.map((row) => ({
    id: String(row['specialist_id']),
    displayName: String(row['display_name']),
    offered: Number(row['offered']),
    accepted: Number(row['accepted']),
    declined: Number(row['declined']),
    responseMedian: num(row['response_median']),
    responseP90: num(row['response_p90']),
    withinAckShare: num(row['within_ack_share']),
  }));
}

/** The median response of every offer of the range's cases of these specialties (by name). */
export async function readSpecialtyMedian(
  db: Queryable,
  filter: InsightsFilter,
  specialtyNames: readonly string[],
): Promise<number | null> {
  const rows = await db.query(
    `${offersSql(`and c.specialty_id in (
        select id from specialties where hospital_system_id = $3 and name = any($7::text[]))`)}
    select percentile_cont(0.5) within group (order by response) as median from offers`,
    [...filterParams(filter), [...specialtyNames]],
  );
  return num(rows[0]?.['median']);
}

/** The hospitals of the system (or of `hospitalIds`), by name. */
export async function readHospitals(
  db: Queryable,
  hospitalSystemId: string,
  hospitalIds: readonly string[] | null,
): Promise<{ id: string; name: string }[]> {
  const rows = await db.query<{ id: string; name: string }>(
    `select id, name from hospitals
     where hospital_system_id = $1 and ($2::text[] is null or id = any($2::text[])) order by name, id`,
    [hospitalSystemId, hospitalIds === null ? null : [...hospitalIds]],
  );
  return rows.map(({ id, name }) => ({ id, name }));
}

/** Whether the hospital is one of the system's. */
export async function hospitalInSystem(
  db: Queryable,
  hospitalId: string,
  hospitalSystemId: string,
): Promise<boolean> {
  const rows = await db.query('select 1 from hospitals where id = $1 and hospital_system_id = $2', [
    hospitalId,
    hospitalSystemId,
  ]);
  return rows.length > 0;
}

export interface ConsultationRow {
  readonly caseId: string;
  readonly displayNumber: string;
  readonly specialty: string;
  readonly urgency: Urgency;
  readonly openedAt: string;
  readonly acceptedAt: string | null;
  readonly consultedAt: string;
  readonly disposition: string;
}

/** The consultations the specialist wrote on the range's cases, oldest case first. */
export async function readConsultationsBy(
  db: Queryable,
  filter: InsightsFilter,
  authorId: string,
): Promise<ConsultationRow[]> {
  const rows = await db.query(
    `with ${SCOPED_CASES}
    select c.id, c.display_number, sp.name as specialty, c.urgency, c.created_at, c.accepted_at,
      k.created_at as consulted_at, k.disposition
    from scoped c
    join consultations k on k.case_id = c.id and k.author_id = $7
    join specialties sp on sp.id = c.specialty_id
    order by c.created_at, c.id
    limit 2000`,
    [...filterParams(filter), authorId],
  );
  return rows.map((row) => ({
    caseId: String(row['id']),
    displayNumber: String(row['display_number']),
    specialty: String(row['specialty']),
    urgency: row['urgency'] as Urgency,
    openedAt: String(row['created_at']),
    acceptedAt: typeof row['accepted_at'] === 'string' ? row['accepted_at'] : null,
    consultedAt: String(row['consulted_at']),
    disposition: String(row['disposition']),
  }));
}
