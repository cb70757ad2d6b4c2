// The case record leaving the app: a FHIR R4 export and a printed summary. Each is for the case's ER side
// and the specialist who holds or held it (access.ts, `export`), and each leaves its audit event (every
// print and export is audited, every refusal too).
import { createHash } from 'node:crypto';
import type { Actor } from '../auth/caller.ts';
import { caseToFhirBundle } from './fhir-bundle.ts';
import { findAttachmentFile } from './attachments-repository.ts';
import { authorizeAuditedRead } from './case-authorization.ts';
import { readCase } from './case-queries.ts';
import type { CasesContext } from './cases-context.ts';

/** SHA-1 of each attachment's stored bytes, base64 (FHIR R4's Attachment.hash), one blob at a time. */
async function attachmentHashes(ctx: CasesContext, ids: readonly string[]): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for (const id of ids) {
    const file = await findAttachmentFile(ctx.db, id);
    const bytes = file && (await ctx.blobs.get(file.blobKey));
    if (bytes) hashes.set(id, createHash('sha1').update(bytes).digest('base64'));
  }
  return hashes;
}

export async function exportCaseFhir(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
): Promise<{ fileName: string; bundle: Record<string, unknown> }> {
  await authorizeAuditedRead(ctx, actor, caseId, 'export', 'case.export_fhir');
  const item = await readCase(ctx, ctx.db, caseId);
  const hashes = await attachmentHashes(
    ctx,
    item.attachments.map((attachment) => attachment.id),
  );
  return {
    fileName: `${item.displayNumber}-fhir.json`,
    bundle: caseToFhirBundle(item, ctx.clock.now().toISOString(), hashes),
  };
}

export async function recordCasePrint(ctx: CasesContext, actor: Actor, caseId: string): Promise<void> {
  await authorizeAuditedRead(ctx, actor, caseId, 'export', 'case.print');
}
