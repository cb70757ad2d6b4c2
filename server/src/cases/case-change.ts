// Runs one change of a case in one transaction with the case row locked, so that the first accept wins and
// the rest see the new state: lock and authorize, apply, then leave the audit event and publish the change.
import type { Case, CaseStatus } from '../../../generated/types.gen.ts';
import type { Actor } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import type { CaseAccessAction } from './access.ts';
import { authorizeCaseAction } from './case-authorization.ts';
import { CaseJournal } from './case-journal.ts';
import { readCase } from './case-queries.ts';
import type { CaseStateRow } from './cases-repository.ts';
import type { OfferStateRow } from './offers-repository.ts';
import type { CasesContext } from './cases-context.ts';

export interface CaseChange {
  readonly tx: Queryable;
  /** The case as it is, locked until the change commits. */
  readonly row: CaseStateRow;
  /** The caller's offer of the case, if it ever had one. */
  readonly offer: OfferStateRow | null;
  readonly journal: CaseJournal;
  readonly now: Date;
}

/** Applies `apply` to the case; it answers the status the case has after it and the audit action. */
export async function changeCase(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
  access: CaseAccessAction,
  apply: (change: CaseChange) => Promise<{ status: CaseStatus; audit: string }>,
): Promise<Case> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const { row, offer } = await authorizeCaseAction(tx, actor.caller, caseId, access, { lock: true });
    const journal = new CaseJournal(tx, caseId, now);
    const { status, audit } = await apply({ tx, row, offer, journal, now });
    await journal.audit(actor.caller.id, audit, actor.address);
    await journal.publish(status);
  });
  return readCase(ctx, ctx.db, caseId);
}
