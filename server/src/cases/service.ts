// The case operations: each checks access (access.ts) and the state machine (domain/case-state.ts), changes
// the case in one transaction with the case row locked (so the first accept wins and the rest see the new
// state), and leaves its timeline event, notifications, audit event and NOTIFY behind (changes.ts).
import type {
  Case,
  CaseCreate,
  CaseStatus,
  ConsultationCreate,
  Disposition,
  FieldProblem,
  Message,
} from '../../../generated/types.gen.ts';
import type { Actor, Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { transition, type CaseAction } from '../domain/case-state.ts';
import type { AckOverrides, Clock } from '../domain/escalation.ts';
import { initialRoute, nextRoute } from '../domain/routing.ts';
import { validateTriageAnswers } from '../domain/triage.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { accessDetails, assertMayOpenCase, authorizeCase, type CaseAccessAction } from './access.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import {
  findSpecialty,
  readTriageQuestions,
  takeNextCaseNumber,
} from '../organisation/organisation-repository.ts';
import { newId } from '../db/ids.ts';
import { CaseChanges } from './changes.ts';
import {
  loadCase,
  readCaseState,
  readOffer,
  toMessage,
  type CaseStateRow,
  type OfferStateRow,
} from './repository.ts';
import { applyRouting, emergencyRoomAdmins, policyOf, readPolicy, readRoutingContext } from './routing-io.ts';

export interface CasesContext {
  readonly db: Database;
  readonly clock: Clock;
  readonly mediaUrl: string;
  readonly ackOverrides: AckOverrides;
}

const DISPOSITION_WORDS: Record<Disposition, string> = {
  admit: 'admit',
  transfer: 'transfer',
  discharge_with_follow_up: 'discharge with follow-up',
  further_tests: 'further tests',
  specialist_to_see_patient: 'the specialist comes to see the patient',
};

export const caseProblems = {
  unknownSpecialty: 'is not a specialty of your hospital system',
  noDecision: 'Internal routing produced no decision',
} as const;

// A replayed Idempotency-Key found inside the transaction: roll back and answer with the first case.
class ReplayedKey extends Error {}

function assertTransition(status: CaseStatus, action: CaseAction): CaseStatus {
  const result = transition(status, action);
  if (!result.ok) throw conflict(result.detail);
  return result.to;
}

async function mustLoad(ctx: CasesContext, db: Queryable, caseId: string): Promise<Case> {
  const loaded = await loadCase(db, caseId, ctx.mediaUrl);
  if (!loaded) throw notFound(accessDetails.notFound);
  return loaded;
}

/**
 * Reads the case (locked for a change inside a transaction) and decides the caller's access to `action`,
 * for every operation on one case; 404 for an unknown id as for one the caller may not see.
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
  authorizeCase(caller, action, {
    hospitalId: row.hospital_id,
    openedBy: row.opened_by,
    assignedTo: row.assigned_to,
    myOffer: offer,
  });
  return { row, offer };
}

async function findByKey(db: Queryable, callerId: string, key: string): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    'select id from cases where opened_by = $1 and idempotency_key = $2',
    [callerId, key],
  );
  return row?.id;
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
  const existing = await findByKey(ctx.db, caller.id, idempotencyKey);
  if (existing !== undefined) return { created: false, case: await mustLoad(ctx, ctx.db, existing) };

  const specialty = await findSpecialty(ctx.db, body.specialtyId, caller.hospitalSystemId);
  if (!specialty) {
    throw badRequest([
      { loc: ['body', 'specialtyId'], msg: caseProblems.unknownSpecialty },
    ] satisfies FieldProblem[]);
  }
  const answers = body.triageAnswers ?? {};
  const problems = validateTriageAnswers(
    await readTriageQuestions(ctx.db, hospitalId, specialty.id),
    answers,
  );
  if (problems.length > 0) throw badRequest(problems);

  const now = ctx.clock.now();
  const caseId = newId('cas');
  try {
    await ctx.db.transaction(async (tx) => {
      // Also serialises case creation per hospital, which keeps display numbers gap-free.
      const { caseNumber, shortCode, settings } = await takeNextCaseNumber(tx, hospitalId);
      const displayNumber = `${shortCode}-${String(caseNumber).padStart(6, '0')}`;
      const routingContext = await readRoutingContext(
        tx,
        { hospitalId, specialtyId: specialty.id, specialtyName: specialty.name, caseId: null },
        now,
      );
      const decision = initialRoute(routingContext);
      const inserted = await tx.query(
        `insert into cases (id, hospital_id, case_number, display_number, specialty_id, urgency, status,
           patient_age, patient_sex, patient_mrn, patient_initials, door_time, chief_complaint, clinical_summary,
           vitals, triage_answers, opened_by, idempotency_key, routing_step, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19)
         on conflict (opened_by, idempotency_key) do nothing
         returning id`,
        [
          caseId,
          hospitalId,
          caseNumber,
          displayNumber,
          specialty.id,
          body.urgency,
          body.patient.age,
          body.patient.sex,
          body.patient.mrn ?? null,
          body.patient.initials ?? null,
          body.doorTime,
          body.chiefComplaint.trim(),
          body.clinicalSummary ?? null,
          JSON.stringify(body.vitals ?? {}),
          JSON.stringify(answers),
          caller.id,
          idempotencyKey,
          decision.step,
          now.toISOString(),
        ],
      );
      if (inserted.length === 0) throw new ReplayedKey();
      const changes = new CaseChanges(tx, caseId, now);
      await changes.event('created', caller.id, { urgency: body.urgency, specialtyId: specialty.id });
      await applyRouting(
        tx,
        changes,
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
          policy: policyOf(settings, ctx.ackOverrides),
          actorId: caller.id,
          escalatedFrom: null,
          reason: 'opened',
        },
      );
      await changes.audit(caller.id, 'case.create', actor.address);
      await changes.publish('pending');
    });
  } catch (error) {
    if (!(error instanceof ReplayedKey) && (error as { code?: unknown }).code !== '23505') throw error;
    const first = await findByKey(ctx.db, caller.id, idempotencyKey);
    if (first === undefined) throw error;
    return { created: false, case: await mustLoad(ctx, ctx.db, first) };
  }
  return { created: true, case: await mustLoad(ctx, ctx.db, caseId) };
}

export async function getCase(ctx: CasesContext, actor: Actor, caseId: string): Promise<Case> {
  await authorizeCaseAction(ctx.db, actor.caller, caseId, 'read', { lock: false });
  await recordAudit(ctx.db, {
    userId: actor.caller.id,
    action: 'case.read',
    caseId,
    address: actor.address,
    at: ctx.clock.now(),
  });
  return mustLoad(ctx, ctx.db, caseId);
}

/** Runs one change of a case: lock, authorize, check the state machine, apply, record, publish. */
export async function changeCase(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
  access: CaseAccessAction,
  apply: (args: {
    tx: Queryable;
    row: CaseStateRow;
    offer: OfferStateRow | null;
    changes: CaseChanges;
    now: Date;
  }) => Promise<{ status: CaseStatus; audit: string }>,
): Promise<Case> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const { row, offer } = await authorizeCaseAction(tx, actor.caller, caseId, access, { lock: true });
    const changes = new CaseChanges(tx, caseId, now);
    const { status, audit } = await apply({ tx, row, offer, changes, now });
    await changes.audit(actor.caller.id, audit, actor.address);
    await changes.publish(status);
  });
  return mustLoad(ctx, ctx.db, caseId);
}

async function activeOfferees(tx: Queryable, caseId: string): Promise<string[]> {
  const rows = await tx.query<{ specialist_id: string }>(
    'select specialist_id from case_offers where case_id = $1 and active order by specialist_id',
    [caseId],
  );
  return rows.map((row) => row.specialist_id);
}

export function acceptCase(ctx: CasesContext, actor: Actor, caseId: string): Promise<Case> {
  const me = actor.caller.id;
  return changeCase(ctx, actor, caseId, 'accept', async ({ tx, row, offer, changes, now }) => {
    const status = assertTransition(row.status, 'accept');
    if (!offer?.active) throw forbidden(accessDetails.notOffered);
    const others = (await activeOfferees(tx, caseId)).filter((id) => id !== me);
    await tx.query(
      `update cases set status = $2, assigned_to = $3, accepted_at = $4, updated_at = $4, ack_due_at = null,
         realert_due_at = null where id = $1`,
      [caseId, status, me, now.toISOString()],
    );
    await tx.query(
      `update case_offers set active = false,
         accepted_at = case when specialist_id = $2 then $3::timestamptz else accepted_at end,
         seen_at = case when specialist_id = $2 then coalesce(seen_at, $3::timestamptz) else seen_at end,
         delivered_at = case when specialist_id = $2 then coalesce(delivered_at, $3::timestamptz) else delivered_at end
       where case_id = $1 and active`,
      [caseId, me, now.toISOString()],
    );
    await changes.event('accepted', me);
    await changes.notify([row.opened_by, ...others], {
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
  return changeCase(ctx, actor, caseId, 'decline', async ({ tx, row, offer, changes, now }) => {
    const status = assertTransition(row.status, 'decline');
    if (!offer?.active) throw forbidden(accessDetails.notOffered);
    await tx.query(
      `update case_offers set active = false, declined_at = $3, decline_reason = $4,
         seen_at = coalesce(seen_at, $3::timestamptz), delivered_at = coalesce(delivered_at, $3::timestamptz)
       where case_id = $1 and specialist_id = $2`,
      [caseId, me, now.toISOString(), reason.trim()],
    );
    await tx.query('update cases set updated_at = $2 where id = $1', [caseId, now.toISOString()]);
    await changes.event('declined', me, { reason: reason.trim() });
    await changes.notify([row.opened_by], {
      kind: 'case_declined',
      actorId: me,
      action: `declined case ${row.display_number}`,
      message: reason.trim(),
    });
    if ((await activeOfferees(tx, caseId)).length === 0) {
      await advanceChain(tx, changes, row, now, 'declined', ctx.ackOverrides);
    }
    return { status, audit: 'case.decline' };
  });
}

/**
 * Moves a waiting case to the next step of its routing chain (the schedule as it is now). At the end of the
 * chain with nobody left to ask, the ER admins are told.
 */
export async function advanceChain(
  tx: Queryable,
  changes: CaseChanges,
  row: CaseStateRow,
  now: Date,
  reason: 'declined' | 'not accepted in time',
  overrides: AckOverrides,
): Promise<void> {
  const context = await readRoutingContext(
    tx,
    {
      hospitalId: row.hospital_id,
      specialtyId: row.specialty_id,
      specialtyName: row.specialty_name,
      caseId: row.id,
    },
    now,
  );
  const decision = nextRoute(row.routing_step, context);
  const policy = await readPolicy(tx, row.hospital_id, overrides);
  const offered = await applyRouting(
    tx,
    changes,
    {
      id: row.id,
      hospitalId: row.hospital_id,
      displayNumber: row.display_number,
      urgency: row.urgency,
      specialtyName: row.specialty_name,
      chiefComplaint: row.chief_complaint,
      openedBy: row.opened_by,
    },
    decision,
    { now, policy, actorId: null, escalatedFrom: row.routing_step, reason },
  );
  if (offered.length === 0 && (await activeOfferees(tx, row.id)).length === 0) {
    await tx.query('update cases set ack_due_at = null, realert_due_at = null where id = $1', [row.id]);
    await changes.notify([row.opened_by, ...(await emergencyRoomAdmins(tx, row.hospital_id))], {
      kind: 'case_escalated',
      actorId: null,
      action: `Nobody is left to offer case ${row.display_number} to: every ${row.specialty_name} specialist declined or none exists`,
      message: row.chief_complaint,
    });
  }
}

export function recordReceipt(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
  kind: 'delivered' | 'seen',
): Promise<Case> {
  const me = actor.caller.id;
  return changeCase(ctx, actor, caseId, 'receipt', async ({ tx, row, offer, changes, now }) => {
    const first = kind === 'delivered' ? offer?.delivered_at == null : offer?.seen_at == null;
    if (first) {
      await tx.query(
        `update case_offers set delivered_at = coalesce(delivered_at, $3::timestamptz),
           seen_at = case when $4 then coalesce(seen_at, $3::timestamptz) else seen_at end
         where case_id = $1 and specialist_id = $2`,
        [caseId, me, now.toISOString(), kind === 'seen'],
      );
      await changes.event(kind, me);
      changes.watch([row.opened_by]);
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
  await changeCase(ctx, actor, caseId, 'message', async ({ tx, row, changes, now }) => {
    const status = assertTransition(row.status, 'message');
    await tx.query(
      'insert into case_messages (id, case_id, author_id, body, created_at) values ($1, $2, $3, $4, $5)',
      [id, caseId, me.id, body.trim(), now.toISOString()],
    );
    await tx.query('update cases set updated_at = $2 where id = $1', [caseId, now.toISOString()]);
    await changes.event('message', me.id, { messageId: id });
    const participants = row.assigned_to === null ? await activeOfferees(tx, caseId) : [row.assigned_to];
    await changes.notify([row.opened_by, ...participants], {
      kind: 'case_message',
      actorId: me.id,
      action: `wrote on case ${row.display_number}`,
      message: body.trim(),
    });
    return { status, audit: 'case.message' };
  });
  const [row] = await ctx.db.query<{
    id: string;
    author_id: string;
    author_name: string;
    body: string;
    created_at: string;
  }>(
    `select m.id, m.author_id, u.display_name as author_name, m.body, m.created_at
     from case_messages m join users u on u.id = m.author_id where m.id = $1`,
    [id],
  );
  if (!row) throw new Error(`Message ${id} vanished after it was posted`);
  return toMessage(row);
}

export function submitConsultation(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
  body: ConsultationCreate,
): Promise<Case> {
  const me = actor.caller.id;
  return changeCase(ctx, actor, caseId, 'consult', async ({ tx, row, changes, now }) => {
    const status = assertTransition(row.status, 'respond');
    await tx.query(
      `insert into consultations (case_id, author_id, recommendation, disposition, follow_up, created_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        caseId,
        me,
        body.recommendation.trim(),
        body.disposition,
        body.followUp?.trim() || null,
        now.toISOString(),
      ],
    );
    await tx.query('update cases set status = $2, responded_at = $3, updated_at = $3 where id = $1', [
      caseId,
      status,
      now.toISOString(),
    ]);
    await changes.event('consultation', me, { disposition: body.disposition });
    await changes.notify([row.opened_by], {
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
  return changeCase(ctx, actor, caseId, 'close', async ({ tx, row, changes, now }) => {
    const status = assertTransition(row.status, 'close');
    const note = body.note?.trim() || null;
    await tx.query(
      `update cases set status = $2, closed_at = $3, updated_at = $3, close_disposition = $4, close_note = $5
       where id = $1`,
      [caseId, status, now.toISOString(), body.disposition, note],
    );
    await changes.event('closed', me, { disposition: body.disposition, note });
    await changes.notify([row.assigned_to], {
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
  return changeCase(ctx, actor, caseId, 'cancel', async ({ tx, row, changes, now }) => {
    const status = assertTransition(row.status, 'cancel');
    const why = reason?.trim() || null;
    const offerees = await activeOfferees(tx, caseId);
    await tx.query(
      `update cases set status = $2, cancelled_at = $3, updated_at = $3, cancel_reason = $4, ack_due_at = null,
         realert_due_at = null where id = $1`,
      [caseId, status, now.toISOString(), why],
    );
    await tx.query('update case_offers set active = false where case_id = $1 and active', [caseId]);
    await changes.event('cancelled', me, { reason: why });
    await changes.notify(offerees, {
      kind: 'case_cancelled',
      actorId: me,
      action: `cancelled case ${row.display_number}`,
      message: why,
    });
    return { status, audit: 'case.cancel' };
  });
}
