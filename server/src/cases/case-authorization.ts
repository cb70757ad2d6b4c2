// Reads a case and decides the caller's access to it (access.ts), for every operation on one case.
import { recordAudit, recordAuditAction } from '../audit/audit-repository.ts';
import type { Actor, Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { HttpError, notFound } from '../errors.ts';
import { accessDetails, authorizeCase, type CaseAccessAction } from './access.ts';
import { readCaseState, type CaseStateRow } from './cases-repository.ts';
import { readOffer, type OfferStateRow } from './offers-repository.ts';
import type { CasesContext } from './cases-context.ts';

/**
 * A refusal of an existing case to a signed-in caller: answered as the refusal it wraps (404 or 403), and
 * audited on the case by the cases runtime once any transaction it happened in has rolled back.
 */
export class CaseAccessRefused extends HttpError {
  readonly caseId: string;
  readonly callerId: string;

  constructor(refusal: HttpError, caseId: string, callerId: string) {
    super(refusal.statusCode, refusal.detail);
    this.caseId = caseId;
    this.callerId = callerId;
  }
}

/** The audit trail's name for a refused access to a case. */
export const ACCESS_REFUSED_AUDIT_ACTION = 'case.access_refused';

export async function auditRefusedAccess(
  db: Queryable,
  refusal: CaseAccessRefused,
  address: string | null,
  at: Date,
): Promise<void> {
  await recordAuditAction(db, {
    userId: refusal.callerId,
    action: ACCESS_REFUSED_AUDIT_ACTION,
    caseId: refusal.caseId,
    address,
    at,
  });
}

/**
 * Reads the case (locked for a change inside a transaction) and decides the caller's access to `action`;
 * 404 for an unknown id as for one the caller may not see.
 */
export async function authorizeCaseAction(
  db: Queryable,
  caller: Caller,
  caseId: string,
  action: CaseAccessAction,
  options: { lock: boolean },
): Promise<{ row: CaseStateRow; offer: OfferStateRow | null }> {
  const row = await readCaseState(db, caseId, options);
  if (!row) throw notFound(accessDetails.notFound);
  const offer = await readOffer(db, caseId, caller.id);
  try {
    authorizeCase(caller, action, {
      hospitalId: row.hospital_id,
      openedBy: row.opened_by,
      assignedTo: row.assigned_to,
      myOffer: offer === null ? null : { active: offer.active, accepted: offer.accepted_at !== null },
    });
  } catch (error) {
    if (error instanceof HttpError) throw new CaseAccessRefused(error, caseId, caller.id);
    throw error;
  }
  return { row, offer };
}

/** Authorizes a read of the case (`access`) and leaves its audit event (`auditAction`) behind. */
export async function authorizeAuditedRead(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
  access: 'read' | 'export' | 'audit',
  auditAction: string,
): Promise<void> {
  await authorizeCaseAction(ctx.db, actor.caller, caseId, access, { lock: false });
  await recordAudit(ctx.db, {
    userId: actor.caller.id,
    action: auditAction,
    caseId,
    address: actor.address,
    at: ctx.clock.now(),
  });
}
