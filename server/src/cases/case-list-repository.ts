// The case list: one statement for a page of a hospital's cases and the audit event naming them.
import { createHash } from 'node:crypto';
import type { CaseStatus, CaseSummary, Urgency } from '../../../generated/types.gen.ts';
import { auditListingSql } from '../audit/audit-repository.ts';
import type { Queryable } from '../db/database.ts';
import type { AttentionPosition, KeysetPosition } from '../keyset-cursor.ts';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type SummaryRow } from './cases-repository.ts';

/** Which cases of the hospital a listing shows the caller (access.ts decides it, from the caller's roles). */
export interface CaseListVisibility {
  /** Every case of the hospital's emergency room. */
  readonly wholeEmergencyRoom: boolean;
  /** Otherwise: the cases the caller opened... */
  readonly openedByMe: boolean;
  /** ...and the cases offered or assigned to it. */
  readonly offeredOrAssignedToMe: boolean;
}

export interface CaseListFilters {
  readonly status?: readonly CaseStatus[];
  readonly specialtyId?: string;
  readonly urgency?: Urgency;
  readonly from?: string;
  readonly to?: string;
  readonly scope?: 'all' | 'mine' | 'offered';
  readonly q?: string;
  readonly limit?: number;
  /** `attention` (the default): what needs a person now first (domain/attention.ts); `newest`: newest first. */
  readonly sort?: 'attention' | 'newest';
  /** The page continues after this position (an attention position in the attention order). */
  readonly after?: KeysetPosition | AttentionPosition;
}

/** Who listed, for the audit event the listing statement writes. */
export interface ListAudit {
  readonly at: Date;
  readonly address: string | null;
}

export interface Statement {
  readonly sql: string;
  readonly params: unknown[];
}

// The attention order's rank, as domain/attention.ts defines it: unaccepted emergent 0, other unaccepted 1,
// the rest 2. The unaccepted ranks go by target time (overdue first), the rest newest first.
const RANK = `(case when c.status in ('pending', 'escalated') then case when c.urgency = 'emergent' then 0 else 1 end
  else 2 end)`;
const ATTENTION_ORDER = `attention_rank, (case when attention_rank < 2 then target_due_at end) asc nulls last,
  created_at desc, id desc`;
const NEWEST_ORDER = 'created_at desc, id desc';
// The attention order read in two parts, each through an index in its own order (0018_case_list_order.sql):
// the unaccepted cases (ranks 0 and 1) by rank, target time, newest, and every other case (rank 2) newest
// first. Every unaccepted case comes before every other, so a page is the first rows of the one and then of
// the other: neither part sorts more than a page, however many cases the hospital has.
const UNACCEPTED_STATUSES: readonly CaseStatus[] = ['pending', 'escalated'];
const UNACCEPTED = "c.status in ('pending', 'escalated')";
const NOT_UNACCEPTED = "c.status not in ('pending', 'escalated')";
const WAITING_RANK = "(case when c.urgency = 'emergent' then 0 else 1 end)";
const WAITING_ORDER = `${WAITING_RANK}, c.target_due_at, c.created_at desc, c.id desc`;

/** The rows before a position, newest first; `add` binds a parameter. */
function olderThan(after: KeysetPosition, add: (value: unknown) => string): string {
  return `(c.created_at, c.id) < (${add(after.createdAt)}::timestamptz, ${add(after.id)})`;
}

/** The unaccepted rows after an unaccepted position (rank 0 or 1) in the attention order. */
function afterWaiting(after: AttentionPosition, add: (value: unknown) => string): string {
  const before = olderThan(after, add);
  const rank = add(after.rank);
  const target = add(after.targetAt);
  return `(${WAITING_RANK} > ${rank}::int or (${WAITING_RANK} = ${rank}::int and (c.target_due_at > ${target}::timestamptz
    or (c.target_due_at = ${target}::timestamptz and ${before}))))`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * One statement: the page (one row more than asked, to know whether another page follows) and the audit
 * event naming the cases on it, written only when the page is not empty.
 */
export function caseListStatement(
  viewer: { readonly userId: string; readonly hospitalId: string; readonly visibility: CaseListVisibility },
  filters: CaseListFilters,
  audit: ListAudit,
): Statement {
  const params: unknown[] = [viewer.hospitalId];
  const where = ['c.hospital_id = $1'];
  const add = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  // The caller's id only when a clause needs it: PostgreSQL refuses a parameter no clause uses.
  let meParam: string | undefined;
  const me = (): string => (meParam ??= add(viewer.userId));
  if (!viewer.visibility.wholeEmergencyRoom) {
    const visible: string[] = [];
    if (viewer.visibility.openedByMe) visible.push(`c.opened_by = ${me()}`);
    if (viewer.visibility.offeredOrAssignedToMe) {
      // The offer looked up case by case through its (case_id, specialist_id) key as the page is read:
      // `offset 0` keeps the planner from hashing every offer the specialist ever had instead, a cost that
      // grows with the table while a page stops after a few dozen cases.
      visible.push(
        `c.assigned_to = ${me()}`,
        `exists (select 1 from case_offers f where f.case_id = c.id and f.specialist_id = ${me()} offset 0)`,
      );
    }
    where.push(`(${visible.join(' or ')})`);
  }
  if (filters.scope === 'mine') where.push(`(c.opened_by = ${me()} or c.assigned_to = ${me()})`);
  if (filters.scope === 'offered') {
    where.push(
      "c.status in ('pending', 'escalated')",
      `exists (select 1 from case_offers f where f.case_id = c.id and f.specialist_id = ${me()} and f.active)`,
    );
  }
  if (filters.status !== undefined && filters.status.length > 0)
    where.push(`c.status = any(${add([...filters.status])}::text[])`);
  if (filters.specialtyId !== undefined) where.push(`c.specialty_id = ${add(filters.specialtyId)}`);
  if (filters.urgency !== undefined) where.push(`c.urgency = ${add(filters.urgency)}`);
  if (filters.from !== undefined) where.push(`c.created_at >= ${add(filters.from)}::timestamptz`);
  if (filters.to !== undefined) where.push(`c.created_at < ${add(filters.to)}::timestamptz`);
  if (filters.q !== undefined && filters.q.trim() !== '') {
    const q = filters.q.trim();
    const number = add(`${escapeLike(q.toUpperCase())}%`);
    const words = add(`%${escapeLike(q)}%`);
    where.push(`(c.display_number like ${number} or c.chief_complaint ilike ${words})`);
  }
  const after = filters.after;
  const pageSize = filters.limit ?? 50;
  const limit = add(pageSize + 1);
  let order: string;
  let rows: string;
  if (filters.sort === 'newest' || (after !== undefined && !('rank' in after))) {
    order = NEWEST_ORDER;
    const keyset = after === undefined ? [] : [olderThan(after, add)];
    rows = `select ${SUMMARY_COLUMNS}, ${RANK} as attention_rank from ${SUMMARY_FROM}
          where ${[...where, ...keyset].join(' and ')}`;
  } else {
    order = ATTENTION_ORDER;
    const parts: string[] = [];
    // A part no row can be in is left out (read to its end, it would find nothing slowly): the status filter
    // and the offered scope (unaccepted cases only) may rule out the one or the other.
    const statuses = filters.status !== undefined && filters.status.length > 0 ? filters.status : undefined;
    const unaccepted = (status: CaseStatus) => UNACCEPTED_STATUSES.includes(status);
    const mayRest = filters.scope !== 'offered' && (statuses?.some((status) => !unaccepted(status)) ?? true);
    const mayWait = statuses?.some(unaccepted) ?? true;
    // After a rank-2 row come rank-2 rows only; after an unaccepted one, the unaccepted rows that follow it,
    // then the rank-2 rows from the newest.
    if ((after === undefined || after.rank < 2) && mayWait) {
      const keyset = after === undefined ? [] : [afterWaiting(after, add)];
      parts.push(`(select ${SUMMARY_COLUMNS}, ${WAITING_RANK} as attention_rank from ${SUMMARY_FROM}
          where ${[...where, UNACCEPTED, ...keyset].join(' and ')}
          order by ${WAITING_ORDER} limit ${limit})`);
    }
    if (mayRest || parts.length === 0) {
      // When neither part can hold a row, the page is empty: `false` says so without reading a case.
      const keyset = [...(after?.rank === 2 ? [olderThan(after, add)] : []), ...(mayRest ? [] : ['false'])];
      parts.push(`(select ${SUMMARY_COLUMNS}, 2 as attention_rank from ${SUMMARY_FROM}
          where ${[...where, NOT_UNACCEPTED, ...keyset].join(' and ')}
          order by c.created_at desc, c.id desc limit ${limit})`);
    }
    rows = parts.join(' union all ');
  }
  const listed = `array(select id from page order by ${order} limit ${add(pageSize)})`;
  const auditValues = `${add(audit.at.toISOString())}::timestamptz, ${me()}, 'case.list', ${listed}, ${add(audit.address)}`;
  return {
    sql: `with page as (
        select * from (${rows}) listed
        order by ${order} limit ${limit}
      ), audit as (
        ${auditListingSql(auditValues, 'page')}
      )
      select * from page order by ${order}`,
    params,
  };
}

/** Each combination of filters is its own statement text: prepared under a name derived from it. */
function preparedName(sql: string): string {
  return `cases_list_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
}

export async function readCaseList(db: Queryable, statement: Statement): Promise<CaseSummary[]> {
  const rows = await db.query<SummaryRow>(statement.sql, statement.params, {
    prepare: preparedName(statement.sql),
  });
  return rows.map(toSummary);
}
