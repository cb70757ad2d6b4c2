// A case's audit trail: its own events and the listings that included it, oldest first.
import type { AuditEvent } from '../../../generated/types.gen.ts';
import { readCaseAuditTrail } from '../audit/audit-repository.ts';
import type { Actor } from '../auth/caller.ts';
import { authorizeAuditedRead } from './case-authorization.ts';
import type { CasesContext } from './cases-context.ts';

export async function readAuditTrail(ctx: CasesContext, actor: Actor, caseId: string): Promise<AuditEvent[]> {
  await authorizeAuditedRead(ctx, actor, caseId, 'audit', 'case.audit.read');
  return readCaseAuditTrail(ctx.db, caseId);
}
