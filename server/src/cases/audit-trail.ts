// A case's audit trail: its own events and the listings that included it, oldest first.
import type { AuditEvent } from '../../../generated/types.gen.ts';
import { recordAudit } from './changes.ts';
import type { Actor } from '../auth/caller.ts';
import { authorizeCaseAction, type CasesContext } from './service.ts';

export async function readAuditTrail(ctx: CasesContext, actor: Actor, caseId: string): Promise<AuditEvent[]> {
  await authorizeCaseAction(ctx.db, actor.caller, caseId, 'audit', { lock: false });
  await recordAudit(ctx.db, {
    userId: actor.caller.id,
    action: 'case.audit.read',
    caseId,
    address: actor.address,
    at: ctx.clock.now(),
  });
  const rows = await ctx.db.query<{
    id: number;
    at: string;
    user_id: string | null;
    user_name: string | null;
    action: string;
    address: string | null;
  }>(
    `select e.id, e.at, e.user_id, u.display_name as user_name, e.action, e.address
     from audit_events e left join users u on u.id = e.user_id
     where e.case_id = $1 or e.case_ids @> array[$1::text]
     order by e.id`,
    [caseId],
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
