// The administrative audit log: one row per change an administrator makes to people or to the organisation
// (who, what, before and after, when, from where). Append-only, as the case audit trail is.
import type { Queryable } from '../db/database.ts';

export interface AdminChange {
  readonly actorId: string | null;
  /** What was done, e.g. 'user.created', 'user.deactivated', 'hospital.updated'. */
  readonly action: string;
  readonly targetType: string;
  readonly targetId: string;
  readonly hospitalSystemId: string;
  readonly hospitalId: string | null;
  /** The record before the change (null for a creation) and after it; ids and settings, never passwords. */
  readonly before: Record<string, unknown> | null;
  readonly after: Record<string, unknown> | null;
  readonly address: string | null;
  readonly at: Date;
}

export async function recordAdminChange(db: Queryable, change: AdminChange): Promise<void> {
  await db.query(
    `insert into admin_audit_events
       (at, actor_id, action, target_type, target_id, hospital_system_id, hospital_id, before, after, address)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10)`,
    [
      change.at.toISOString(),
      change.actorId,
      change.action,
      change.targetType,
      change.targetId,
      change.hospitalSystemId,
      change.hospitalId,
      change.before === null ? null : JSON.stringify(change.before),
      change.after === null ? null : JSON.stringify(change.after),
      change.address,
    ],
  );
}

export interface AdminAuditRow {
  readonly id: string;
  readonly at: string;
  readonly actorId: string | null;
  readonly actorName: string | null;
  readonly action: string;
  readonly targetType: string;
  readonly targetId: string;
  readonly hospitalId: string | null;
  readonly before: Record<string, unknown> | null;
  readonly after: Record<string, unknown> | null;
  readonly address: string | null;
}

export interface AdminAuditScope {
  readonly hospitalSystemId: string;
  /** Only this hospital's changes; undefined for the whole system. */
  readonly hospitalId?: string;
}

/** The scope's changes, newest first: `limit` of them older than the event `beforeId` (when given). */
export async function listAdminChanges(
  db: Queryable,
  scope: AdminAuditScope,
  page: { readonly limit: number; readonly beforeId?: number },
): Promise<AdminAuditRow[]> {
  const rows = await db.query<{
    id: string | number;
    at: string | Date;
    actor_id: string | null;
    actor_name: string | null;
    action: string;
    target_type: string;
    target_id: string;
    hospital_id: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    address: string | null;
  }>(
    `select e.id, e.at, e.actor_id, u.display_name as actor_name, e.action, e.target_type, e.target_id,
       e.hospital_id, e.before, e.after, e.address
     from admin_audit_events e left join users u on u.id = e.actor_id
     where e.hospital_system_id = $1 and ($2::text is null or e.hospital_id = $2)
       and ($3::bigint is null or e.id < $3)
     order by e.id desc
     limit $4`,
    [scope.hospitalSystemId, scope.hospitalId ?? null, page.beforeId ?? null, page.limit],
  );
  return rows.map((row) => ({
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    hospitalId: row.hospital_id,
    before: row.before,
    after: row.after,
    address: row.address,
  }));
}
