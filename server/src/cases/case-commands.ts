// The commands on a case: open, accept, decline, record a receipt, post a message, answer with a
// consultation, close, cancel. Each checks access (access.ts) and the state machine (domain/case-state.ts)
// and runs as one change of the case (case-change.ts); opening a case and declining it route it.
import { createHash } from 'node:crypto';
import type {
  Case,
  CaseCreate,
  CaseStatus,
  ConsultationCreate,
  Disposition,
  Message,
} from '../../../generated/types.gen.ts';
import type { Actor } from '../auth/caller.ts';
import { newId } from '../db/ids.ts';
import { transition, type CaseAction } from '../domain/case-state.ts';
import { initialRoute } from '../domain/routing.ts';
import { validateTriageAnswers } from '../domain/triage.ts';
import { badRequest, conflict, forbidden, HttpError } from '../errors.ts';
import { targetDueAt } from '../domain/escalation.ts';
import {
  findSpecialty,
  readClinicalTargetSeconds,
  takeNextCaseNumber,
} from '../organisation/organisation-repository.ts';
import { readCurrentAssessment } from '../organisation/triage-repository.ts';
import { accessDetails, assertMayOpenCase } from './access.ts';
import { changeCase } from './case-change.ts';
import { CaseJournal } from './case-journal.ts';
import { readCase } from './case-queries.ts';
import { insertConsultation, insertMessage, readMessage } from './case-thread-repository.ts';
import {
  findCaseByIdempotencyKey,
  releaseExpiredIdempotencyKey,
  insertCase,
  markAccepted,
  markCancelled,
  markClosed,
  markResponded,
  touchCase,
} from './cases-repository.ts';
import {
  activeOfferees,
  closeOffersOnAccept,
  deactivateOffers,
  declineOffer,
  recordOfferReceipt,
} from './offers-repository.ts';
import type { CasesContext } from './cases-context.ts';
import { advanceChain, applyRouting, policyOf, readRoutingContext } from './routing.ts';

const DISPOSITION_WORDS: Record<Disposition, string> = {
  admit: 'admit',
  transfer: 'transfer',
  discharge_with_follow_up: 'discharge with follow-up',
  further_tests: 'further tests',
  specialist_to_see_patient: 'the specialist comes to see the patient',
};

export const caseProblems = {
  unknownSpecialty: 'is not a specialty of your hospital system',
} as const;

// A replayed Idempotency-Key found inside the transaction: roll back and answer with the first case.
class ReplayedKey extends Error {}

/** How long an Idempotency-Key means a retry: a key older than this opens a new case. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key already opened a case with a different request; use a new key for a new case';

/** The body as sent, keys sorted: what a retry repeats exactly. */
function fingerprintOf(body: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([key, item]) => [key, canonical(item)]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

const UNIQUE_VIOLATION = '23505';

function assertTransition(status: CaseStatus, action: CaseAction): CaseStatus {
  const result = transition(status, action);
  if (!result.ok) throw conflict(result.detail);
  return result.to;
}

export async function createCase(
  ctx: CasesContext,
  actor: Actor,
  body: CaseCreate,
  idempotencyKey: string,
): Promise<{ created: boolean; case: Case }> {
  const { caller } = actor;
  assertMayOpenCase(caller);
  const hospitalId = caller.hospitalId;
  const fingerprint = fingerprintOf(body);
  const keysSince = new Date(ctx.clock.now().getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
  const replay = async (): Promise<{ created: false; case: Case } | undefined> => {
    const first = await findCaseByIdempotencyKey(ctx.db, caller.id, idempotencyKey, keysSince);
    if (first === undefined) return undefined;
    // The same key with another body is a client's mistake, not a retry: answering with the first case
    // would hide that the second was never opened.
    if (first.fingerprint !== null && first.fingerprint !== fingerprint) {
      throw new HttpError(422, IDEMPOTENCY_KEY_REUSED);
    }
    return { created: false, case: await readCase(ctx, ctx.db, first.id) };
  };
  const existing = await replay();
  if (existing !== undefined) return existing;

  const specialty = await findSpecialty(ctx.db, body.specialtyId, caller.hospitalSystemId);
  if (!specialty) {
    throw badRequest([{ loc: ['body', 'specialtyId'], msg: caseProblems.unknownSpecialty }]);
  }
  const answers = body.triageAnswers ?? {};
  // The answers are checked against the assessment's current version, and the case keeps that version.
  const assessment = await readCurrentAssessment(ctx.db, hospitalId, specialty.id);
  const problems = validateTriageAnswers(assessment?.questions ?? [], answers, body.urgency);
  if (problems.length > 0) throw badRequest(problems);

  const now = ctx.clock.now();
  const caseId = newId('cas');
  try {
    await ctx.db.transaction(async (tx) => {
      await releaseExpiredIdempotencyKey(tx, caller.id, idempotencyKey, keysSince);
      const { caseNumber, shortCode, settings } = await takeNextCaseNumber(tx, hospitalId);
      const displayNumber = `${shortCode}-${String(caseNumber).padStart(6, '0')}`;
      const routingContext = await readRoutingContext(
        tx,
        { hospitalId, specialtyId: specialty.id, specialtyName: specialty.name, caseId: null },
        now,
      );
      const decision = initialRoute(routingContext);
      const policy = policyOf(settings, ctx.ackOverrides);
      const targetSeconds = await readClinicalTargetSeconds(tx, hospitalId, specialty.id, body.urgency);
      const inserted = await insertCase(tx, {
        id: caseId,
        hospitalId,
        caseNumber,
        displayNumber,
        specialtyId: specialty.id,
        urgency: body.urgency,
        status: 'pending',
        patient: {
          age: body.patient.age,
          sex: body.patient.sex,
          mrn: body.patient.mrn ?? null,
          initials: body.patient.initials ?? null,
        },
        doorTime: body.doorTime,
        chiefComplaint: body.chiefComplaint.trim(),
        clinicalSummary: body.clinicalSummary ?? null,
        vitals: body.vitals ?? {},
        triageAnswers: answers,
        triageVersion: assessment?.version ?? null,
        openedBy: caller.id,
        idempotencyKey,
        idempotencyFingerprint: fingerprint,
        routingStep: decision.step,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        targetDueAt: targetDueAt(now, body.urgency, policy, targetSeconds).toISOString(),
      });
      if (!inserted) throw new ReplayedKey();
      const journal = new CaseJournal(tx, caseId, now);
      await journal.event('created', caller.id, { urgency: body.urgency, specialtyId: specialty.id });
      await applyRouting(
        tx,
        journal,
        {
          id: caseId,
          hospitalId,
          displayNumber,
          urgency: body.urgency,
          specialtyName: specialty.name,
          chiefComplaint: body.chiefComplaint.trim(),
          openedBy: caller.id,
        },
        decision,
        {
          now,
          policy,
          actorId: caller.id,
          escalatedFrom: null,
          reason: 'opened',
        },
      );
      await journal.audit(caller.id, 'case.create', actor.address);
      await journal.publish('pending');
    });
  } catch (error) {
    // The same key sent twice at once: the unique index lets one through, and the other answers with it.
    if (!(error instanceof ReplayedKey) && (error as { code?: unknown }).code !== UNIQUE_VIOLATION)
      throw error;
    const first = await replay();
    if (first === undefined) throw error;
    return first;
  }
  return { created: true, case: await readCase(ctx, ctx.db, caseId) };
}

export function acceptCase(ctx: CasesContext, actor: Actor, caseId: string): Promise<Case> {
  const me = actor.caller.id;
  return changeCase(ctx, actor, caseId, 'accept', async ({ tx, row, offer, journal, now }) => {
    const status = assertTransition(row.status, 'accept');
    if (!offer?.active) throw forbidden(accessDetails.notOffered);
    const others = (await activeOfferees(tx, caseId)).filter((id) => id !== me);
    await markAccepted(tx, caseId, status, me, now);
    await closeOffersOnAccept(tx, caseId, me, now);
    await journal.event('accepted', me);
    await journal.notify([row.opened_by, ...others], {
      kind: 'case_accepted',
      actorId: me,
      action: `accepted case ${row.display_number}`,
      message: row.chief_complaint,
    });
    return { status, audit: 'case.accept' };
  });
}

export function declineCase(ctx: CasesContext, actor: Actor, caseId: string, reason: string): Promise<Case> {
  const me = actor.caller.id;
  return changeCase(ctx, actor, caseId, 'decline', async ({ tx, row, offer, journal, now }) => {
    const status = assertTransition(row.status, 'decline');
    if (!offer?.active) throw forbidden(accessDetails.notOffered);
    await declineOffer(tx, caseId, me, now, reason.trim());
    await touchCase(tx, caseId, now);
    await journal.event('declined', me, { reason: reason.trim() });
    await journal.notify([row.opened_by], {
      kind: 'case_declined',
      actorId: me,
      action: `declined case ${row.display_number}`,
      message: reason.trim(),
    });
    if ((await activeOfferees(tx, caseId)).length === 0) {
      await advanceChain(tx, journal, row, now, 'declined', ctx.ackOverrides);
    }
    return { status, audit: 'case.decline' };
  });
}

export function recordReceipt(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
  kind: 'delivered' | 'seen',
): Promise<Case> {
  const me = actor.caller.id;
  return changeCase(ctx, actor, caseId, 'receipt', async ({ tx, row, offer, journal, now }) => {
    const first = kind === 'delivered' ? offer?.delivered_at == null : offer?.seen_at == null;
    if (first) {
      await recordOfferReceipt(tx, caseId, me, now, kind === 'seen');
      await journal.event(kind, me);
      journal.watch([row.opened_by]);
    }
    return { status: row.status, audit: `case.receipt.${kind}` };
  });
}

export async function postMessage(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
  body: string,
): Promise<Message> {
  const me = actor.caller;
  const id = newId('msg');
  await changeCase(ctx, actor, caseId, 'message', async ({ tx, row, journal, now }) => {
    const status = assertTransition(row.status, 'message');
    await insertMessage(tx, { id, caseId, authorId: me.id, body: body.trim(), at: now.toISOString() });
    await touchCase(tx, caseId, now);
    await journal.event('message', me.id, { messageId: id });
    const participants = row.assigned_to === null ? await activeOfferees(tx, caseId) : [row.assigned_to];
    await journal.notify([row.opened_by, ...participants], {
      kind: 'case_message',
      actorId: me.id,
      action: `wrote on case ${row.display_number}`,
      message: body.trim(),
    });
    return { status, audit: 'case.message' };
  });
  const message = await readMessage(ctx.db, id);
  if (!message) throw new Error(`Message ${id} vanished after it was posted`);
  return message;
}

export function submitConsultation(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
  body: ConsultationCreate,
): Promise<Case> {
  const me = actor.caller.id;
  return changeCase(ctx, actor, caseId, 'consult', async ({ tx, row, journal, now }) => {
    const status = assertTransition(row.status, 'respond');
    await insertConsultation(tx, {
      caseId,
      authorId: me,
      recommendation: body.recommendation.trim(),
      disposition: body.disposition,
      followUp: body.followUp?.trim() || null,
      at: now.toISOString(),
    });
    await markResponded(tx, caseId, status, now);
    await journal.event('consultation', me, { disposition: body.disposition });
    await journal.notify([row.opened_by], {
      kind: 'case_consultation',
      actorId: me,
      action: `answered case ${row.display_number}: ${DISPOSITION_WORDS[body.disposition]}`,
      message: body.recommendation.trim(),
    });
    return { status, audit: 'case.consultation' };
  });
}

export function closeCase(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
  body: { disposition: Disposition; note?: string },
): Promise<Case> {
  const me = actor.caller.id;
  return changeCase(ctx, actor, caseId, 'close', async ({ tx, row, journal, now }) => {
    const status = assertTransition(row.status, 'close');
    const note = body.note?.trim() || null;
    await markClosed(tx, caseId, status, now, { disposition: body.disposition, note });
    await journal.event('closed', me, { disposition: body.disposition, note });
    await journal.notify([row.assigned_to], {
      kind: 'case_closed',
      actorId: me,
      action: `closed case ${row.display_number}: ${DISPOSITION_WORDS[body.disposition]}`,
      message: note,
    });
    return { status, audit: 'case.close' };
  });
}

export function cancelCase(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
  reason: string | undefined,
): Promise<Case> {
  const me = actor.caller.id;
  return changeCase(ctx, actor, caseId, 'cancel', async ({ tx, row, journal, now }) => {
    const status = assertTransition(row.status, 'cancel');
    const why = reason?.trim() || null;
    const offerees = await activeOfferees(tx, caseId);
    await markCancelled(tx, caseId, status, now, why);
    await deactivateOffers(tx, caseId);
    await journal.event('cancelled', me, { reason: why });
    await journal.notify(offerees, {
      kind: 'case_cancelled',
      actorId: me,
      action: `cancelled case ${row.display_number}`,
      message: why,
    });
    return { status, audit: 'case.cancel' };
  });
}
