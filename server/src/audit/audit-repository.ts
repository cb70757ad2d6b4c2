// The audit trail's table: append-only (the database refuses updates and deletes), one row per read or
// change of a case, or per listing that showed several cases at once.
import type { AuditEvent } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';

export interface AuditEntry {
  readonly userId: string | null;
  readonly action: string;
  readonly caseId: string;
  readonly address: string | null;
  readonly at: Date;
}

export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    'insert into audit_events (at, user_id, action, case_id, address) values ($1, $2, $3, $4, $5)',
    [entry.at.toISOString(), entry.userId, entry.action, entry.caseId, entry.address],
    { prepare: 'audit_insert' },
  );
}

/** An audited action on no one case, or on one (caseId): an export of figures, a print of a case. */
export async function recordAuditAction(
  db: Queryable,
  entry: Omit<AuditEntry, 'caseId'> & { readonly caseId: string | null },
): Promise<void> {
  await db.query(
    'insert into audit_events (at, user_id, action, case_id, address) values ($1, $2, $3, $4, $5)',
    [entry.at.toISOString(), entry.userId, entry.action, entry.caseId, entry.address],
  );
}

/** One action over several cases at once (a printed report listing them): each case's trail shows it. */
export async function recordAuditOfCases(
  db: Queryable,
  entry: Omit<AuditEntry, 'caseId'> & { readonly caseIds: readonly string[] },
): Promise<void> {
  await db.query(
    'insert into audit_events (at, user_id, action, case_ids, address) values ($1, $2, $3, $4, $5)',
    [entry.at.toISOString(), entry.userId, entry.action, [...entry.caseIds], entry.address],
  );
}

/**
 * The statement that audits a listing, for a data-modifying `with` clause of the listing's own statement:
 * `values` are the SQL of (at, user_id, action, case_ids, address); nothing is written when `rows` is empty.
 */
export function auditListingSql(values: string, rows: string): string {
  return `insert into audit_events (at, user_id, action, case_ids, address)
        select ${values} where exists (select 1 from ${rows})`;
}

/**
 * The case's own events and the listings that included it, newest first: at most `limit` of them, those
 * before `beforeId` when a page came before (the trail is append-only and its ids only grow, so a page never
 * shifts under the reader however many reads follow).
 */
export async function readCaseAuditTrail(
  db: Queryable,
  caseId: string,
  page: { readonly limit: number; readonly beforeId?: number },
): Promise<AuditEvent[]> {
  const rows = await db.query<{
    id: number;
    at: string;
    user_id: string | null;
    user_name: string | null;
    action: string;
    address: string | null;
  }>(
    `select e.id, e.at, e.user_id, u.display_name as user_name, e.action, e.address
     from audit_events e left join users u on u.id = e.user_id
     where (e.case_id = $1 or e.case_ids @> array[$1::text]) and ($2::bigint is null or e.id < $2::bigint)
     order by e.id desc
     limit $3`,
    [caseId, page.beforeId ?? null, page.limit],
  );
  return rows.map((event) => ({
    id: String(event.id),
    at: event.at,
    user: event.user_id === null ? null : { id: event.user_id, displayName: event.user_name ?? '' },
    action: event.action,
    caseId,
    address: event.address,
  }));
}
