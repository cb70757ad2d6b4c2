// A case's audit trail: its own events and the listings that included it, oldest first.
import type { AuditEvent } from '../../../generated/types.gen.ts';
import { readCaseAuditTrail, recordAudit } from '../audit/audit-repository.ts';
import type { Actor } from '../auth/caller.ts';
import { authorizeCaseAction } from './case-authorization.ts';
import type { CasesContext } from './cases-context.ts';

export async function readAuditTrail(ctx: CasesContext, actor: Actor, caseId: string): Promise<AuditEvent[]> {
  await authorizeCaseAction(ctx.db, actor.caller, caseId, 'audit', { lock: false });
  await recordAudit(ctx.db, {
    userId: actor.caller.id,
    action: 'case.audit.read',
    caseId,
    address: actor.address,
    at: ctx.clock.now(),
  });
  return readCaseAuditTrail(ctx.db, caseId);
}
