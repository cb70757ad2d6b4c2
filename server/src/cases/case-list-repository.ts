// The case list: one statement for a page of a hospital's cases and the audit event naming them.
import { createHash } from 'node:crypto';
import type { CaseStatus, CaseSummary, Urgency } from '../../../generated/types.gen.ts';
import { auditListingSql } from '../audit/audit-repository.ts';
import type { Queryable } from '../db/database.ts';
import type { KeysetPosition } from '../keyset-cursor.ts';
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
  /** The page continues after this position. */
  readonly after?: KeysetPosition;
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
      visible.push(
        `c.assigned_to = ${me()}`,
        `exists (select 1 from case_offers f where f.case_id = c.id and f.specialist_id = ${me()})`,
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
  if (filters.after !== undefined) {
    where.push(
      `(c.created_at, c.id) < (${add(filters.after.createdAt)}::timestamptz, ${add(filters.after.id)})`,
    );
  }
  const pageSize = filters.limit ?? 50;
  const limit = add(pageSize + 1);
  const listed = `array(select id from page order by created_at desc, id desc limit ${add(pageSize)})`;
  const auditValues = `${add(audit.at.toISOString())}::timestamptz, ${me()}, 'case.list', ${listed}, ${add(audit.address)}`;
  return {
    sql: `with page as (
        select ${SUMMARY_COLUMNS} from ${SUMMARY_FROM} where ${where.join(' and ')}
        order by c.created_at desc, c.id desc limit ${limit}
      ), audit as (
        ${auditListingSql(auditValues, 'page')}
      )
      select * from page order by created_at desc, id desc`,
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
