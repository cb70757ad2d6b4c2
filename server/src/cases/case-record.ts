// The case record leaving the app: a FHIR R4 export and a printed summary. Each is for the case's ER side
// and the specialist who holds or held it (access.ts, `export`), and each leaves its audit event (every
// print and export is audited, every refusal too).
import type { Actor } from '../auth/caller.ts';
import { caseToFhirBundle } from '../domain/fhir.ts';
import { authorizeAuditedRead } from './case-authorization.ts';
import { readCase } from './case-queries.ts';
import type { CasesContext } from './cases-context.ts';

export async function exportCaseFhir(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
): Promise<{ fileName: string; bundle: Record<string, unknown> }> {
  await authorizeAuditedRead(ctx, actor, caseId, 'export', 'case.export_fhir');
  const item = await readCase(ctx, ctx.db, caseId);
  return {
    fileName: `${item.displayNumber}-fhir.json`,
    bundle: caseToFhirBundle(item, ctx.clock.now().toISOString()),
  };
}

export async function recordCasePrint(ctx: CasesContext, actor: Actor, caseId: string): Promise<void> {
  await authorizeAuditedRead(ctx, actor, caseId, 'export', 'case.print');
}
