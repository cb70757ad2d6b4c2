// Pages of case summaries: the caller's visibility as a WHERE clause (the same rules as access.ts), filters,
// search and keyset pagination on (created_at, id), newest first. Every listing is audited.
import { createHash } from 'node:crypto';
import type { CaseList, CaseStatus, Urgency } from '../../../generated/types.gen.ts';
import { auditListingSql } from '../audit/audit-repository.ts';
import type { Actor, Caller } from '../auth/caller.ts';
import { forbidden } from '../errors.ts';
import { decodeCursor, encodeCursor } from '../keyset-cursor.ts';
import { assertMayListCases, seesWholeEmergencyRoom } from './access.ts';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type SummaryRow } from './repository.ts';
import type { CasesContext } from './service.ts';

export interface CaseFilters {
  readonly status?: readonly CaseStatus[];
  readonly specialtyId?: string;
  readonly urgency?: Urgency;
  readonly from?: string;
  readonly to?: string;
  readonly scope?: 'all' | 'mine' | 'offered';
  readonly q?: string;
  readonly limit?: number;
  readonly cursor?: string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Who listed, for the audit event the listing statement writes. */
export interface ListAudit {
  readonly at: Date;
  readonly address: string | null;
}

/**
 * One statement: the page (one row more than asked, to know whether another page follows) and the audit
 * event naming the cases on it, written only when the page is not empty. Kept apart so that the benchmark
 * runs exactly the same SQL.
 */
export function buildListQuery(
  caller: Caller & { hospitalId: string },
  filters: CaseFilters,
  audit: ListAudit,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [caller.hospitalId];
  const where = ['c.hospital_id = $1'];
  const add = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  // The caller's id only when a clause needs it: PostgreSQL refuses a parameter no clause uses.
  let meParam: string | undefined;
  const me = (): string => (meParam ??= add(caller.id));
  if (!seesWholeEmergencyRoom(caller)) {
    const visible: string[] = [];
    if (caller.roles.includes('er_doctor')) visible.push(`c.opened_by = ${me()}`);
    if (caller.roles.includes('specialist')) {
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
  if (filters.cursor !== undefined) {
    const cursor = decodeCursor(filters.cursor);
    where.push(`(c.created_at, c.id) < (${add(cursor.createdAt)}::timestamptz, ${add(cursor.id)})`);
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
export function preparedName(sql: string): string {
  return `cases_list_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
}

export async function listCases(ctx: CasesContext, actor: Actor, filters: CaseFilters): Promise<CaseList> {
  const { caller } = actor;
  assertMayListCases(caller);
  if (caller.hospitalId === null) throw forbidden('Your account belongs to no hospital');
  const limit = filters.limit ?? 50;
  const { sql, params } = buildListQuery({ ...caller, hospitalId: caller.hospitalId }, filters, {
    at: ctx.clock.now(),
    address: actor.address,
  });
  const rows = await ctx.db.query<SummaryRow>(sql, params, { prepare: preparedName(sql) });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toSummary),
    nextCursor:
      rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}
