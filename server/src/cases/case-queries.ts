// Reading cases: one case in full, and pages of case summaries (the caller's visibility as a where clause,
// filters, search, and keyset pagination in the attention order or newest first). Every read is audited.
import type { Case, CaseList, CaseSummary } from '../../../generated/types.gen.ts';
import type { Actor, Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { forbidden, notFound } from '../errors.ts';
import { attentionRank } from '../domain/attention.ts';
import {
  decodeAttentionCursor,
  decodeCursor,
  encodeAttentionCursor,
  encodeCursor,
} from '../keyset-cursor.ts';
import { accessDetails, assertMayListCases, listVisibility } from './access.ts';
import { authorizeAuditedRead } from './case-authorization.ts';
import {
  caseListStatement,
  readCaseList,
  type CaseListFilters,
  type ListAudit,
  type Statement,
} from './case-list-repository.ts';
import { loadCase } from './cases-repository.ts';
import type { CasesContext } from './cases-context.ts';

/** The list's filters as the query string gives them: the page continues after the cursor's position. */
export type CaseFilters = Omit<CaseListFilters, 'after'> & { readonly cursor?: string };

/** The case in full; 404 when it does not exist. */
export async function readCase(ctx: CasesContext, db: Queryable, caseId: string): Promise<Case> {
  const loaded = await loadCase(db, caseId, ctx.mediaUrl);
  if (!loaded) throw notFound(accessDetails.notFound);
  return loaded;
}

export async function getCase(ctx: CasesContext, actor: Actor, caseId: string): Promise<Case> {
  await authorizeAuditedRead(ctx, actor, caseId, 'read', 'case.read');
  return readCase(ctx, ctx.db, caseId);
}

/**
 * The listing's one statement, page and audit event together, as the caller's visibility makes it. Kept apart
 * so that the benchmark runs exactly the same SQL.
 */
export function buildListQuery(
  caller: Caller & { hospitalId: string },
  filters: CaseFilters,
  audit: ListAudit,
): Statement {
  const { cursor, ...rest } = filters;
  const decode = filters.sort === 'newest' ? decodeCursor : decodeAttentionCursor;
  return caseListStatement(
    { userId: caller.id, hospitalId: caller.hospitalId, visibility: listVisibility(caller) },
    { ...rest, ...(cursor === undefined ? {} : { after: decode(cursor) }) },
    audit,
  );
}

/** The cursor continuing after the page's last row, in the page's order. */
function cursorAfter(last: CaseSummary, sort: CaseFilters['sort']): string {
  const { createdAt, id } = last;
  if (sort === 'newest') return encodeCursor({ createdAt, id });
  return encodeAttentionCursor({ rank: attentionRank(last), targetAt: last.targetDueAt, createdAt, id });
}

export async function listCases(ctx: CasesContext, actor: Actor, filters: CaseFilters): Promise<CaseList> {
  const { caller } = actor;
  assertMayListCases(caller);
  if (caller.hospitalId === null) throw forbidden('Your account belongs to no hospital');
  const limit = filters.limit ?? 50;
  const statement = buildListQuery({ ...caller, hospitalId: caller.hospitalId }, filters, {
    at: ctx.clock.now(),
    address: actor.address,
  });
  const rows = await readCaseList(ctx.db, statement);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page,
    nextCursor: rows.length > limit && last ? cursorAfter(last, filters.sort) : null,
  };
}
