// A case's audit trail: its own events and the listings that included it, newest first, a page at a time
// (the contract bounds a page to 100 events; every read of the trail adds one).
import type { AuditEventList, GetCaseAuditData } from '../../../generated/types.gen.ts';
import { readCaseAuditTrail } from '../audit/audit-repository.ts';
import type { Actor } from '../auth/caller.ts';
import { authorizeAuditedRead } from './case-authorization.ts';
import type { CasesContext } from './cases-context.ts';

const DEFAULT_PAGE = 50;

export async function readAuditTrail(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
  query: NonNullable<GetCaseAuditData['query']>,
): Promise<AuditEventList> {
  await authorizeAuditedRead(ctx, actor, caseId, 'audit', 'case.audit.read');
  const limit = query.limit ?? DEFAULT_PAGE;
  const rows = await readCaseAuditTrail(ctx.db, caseId, {
    limit: limit + 1,
    ...(query.cursor === undefined ? {} : { beforeId: Number(query.cursor) }),
  });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? last.id : null };
}
