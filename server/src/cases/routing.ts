// The routing chain's I/O: reads what routing needs at this moment (the shift covering now, the specialty's
// specialists, who declined), applies a routing decision (offers, timers, timeline, notifications), and
// moves a waiting case along its chain. The chain itself is domain/routing.ts.
import type { RoutingStep, Urgency } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import {
  DEFAULT_ACK_POLICY,
  timersAfterOffer,
  withOverrides,
  type AckOverrides,
  type AckPolicy,
} from '../domain/escalation.ts';
import { nextRoute, type RoutingContext, type RoutingDecision } from '../domain/routing.ts';
import { readAckSettings, type AckSettings } from '../organisation/organisation-repository.ts';
import { findCoveringShift } from '../schedules/shifts-repository.ts';
import { userIdsWithRole } from '../users/users-repository.ts';
import type { CaseJournal } from './case-journal.ts';
import { clearTimers, setRouting } from './case-timers-repository.ts';
import type { CaseStateRow } from './cases-repository.ts';
import { activeOfferees, declinedSpecialists, insertOffers } from './offers-repository.ts';

/** The hospital's own settings (the defaults when it has none), under the configuration's overrides. */
export function policyOf(settings: AckSettings | undefined, overrides: AckOverrides): AckPolicy {
  return withOverrides(settings ?? DEFAULT_ACK_POLICY, overrides);
}

export async function readPolicy(
  db: Queryable,
  hospitalId: string,
  overrides: AckOverrides,
): Promise<AckPolicy> {
  return policyOf(await readAckSettings(db, hospitalId), overrides);
}

export async function readRoutingContext(
  db: Queryable,
  target: { hospitalId: string; specialtyId: string; specialtyName: string; caseId: string | null },
  now: Date,
): Promise<RoutingContext> {
  // One after another: inside a transaction these share one connection.
  const shift = await findCoveringShift(db, target.hospitalId, target.specialtyId, now);
  const specialistIds = await userIdsWithRole(db, target.hospitalId, 'specialist', target.specialtyName);
  const declinedIds = target.caseId === null ? [] : await declinedSpecialists(db, target.caseId);
  return { shift: shift ?? null, specialistIds, declinedIds };
}

function emergencyRoomAdmins(db: Queryable, hospitalId: string): Promise<string[]> {
  return userIdsWithRole(db, hospitalId, 'emergency_room_admin');
}

export interface RoutedCase {
  readonly id: string;
  readonly hospitalId: string;
  readonly displayNumber: string;
  readonly urgency: Urgency;
  readonly specialtyName: string;
  readonly chiefComplaint: string;
  readonly openedBy: string;
}

const STEP_WORDS: Record<RoutingStep, string> = {
  primary: 'the on-call specialist',
  backup: 'the backup specialist',
  all: 'every specialist of the specialty',
};

/**
 * Offers the case to the decision's specialists (never twice to one), sets its step and timers, and records
 * and notifies it. `actorId` is who caused the routing (the doctor opening it; null for the server).
 */
export async function applyRouting(
  tx: Queryable,
  journal: CaseJournal,
  routed: RoutedCase,
  decision: RoutingDecision,
  context: {
    now: Date;
    policy: AckPolicy;
    actorId: string | null;
    escalatedFrom: RoutingStep | null;
    reason: string;
  },
): Promise<string[]> {
  const { now } = context;
  const timers = timersAfterOffer(now, routed.urgency, decision.final, context.policy);
  const inserted = await insertOffers(tx, {
    caseId: routed.id,
    step: decision.step,
    at: now,
    to: decision.offerTo.map((specialistId) => ({ id: newId('off'), specialistId })),
  });
  const offered = inserted.sort();
  await setRouting(tx, routed.id, {
    step: decision.step,
    ackDueAt: timers.ackDueAt,
    realertDueAt: timers.realertDueAt,
    noCoverage: decision.noCoverage,
    at: now,
  });
  if (context.escalatedFrom !== null) {
    await journal.event('escalated', null, {
      from: context.escalatedFrom,
      step: decision.step,
      reason: context.reason,
    });
  }
  if (decision.noCoverage) await journal.event('no_coverage', null, { specialty: routed.specialtyName });
  await journal.event('offered', null, { specialistIds: offered, step: decision.step });
  await journal.notify(offered, {
    kind: 'case_offered',
    actorId: context.actorId,
    action: `offered you case ${routed.displayNumber} (${routed.specialtyName}, ${routed.urgency})`,
    message: routed.chiefComplaint,
  });
  const admins = decision.notifyAdmins ? await emergencyRoomAdmins(tx, routed.hospitalId) : [];
  if (decision.noCoverage) {
    await journal.notify(admins, {
      kind: 'case_no_coverage',
      actorId: null,
      action: `No on-call coverage for ${routed.specialtyName}: case ${routed.displayNumber} went to ${STEP_WORDS.all}`,
      message: routed.chiefComplaint,
    });
  } else if (context.escalatedFrom !== null) {
    await journal.notify([routed.openedBy, ...admins], {
      kind: 'case_escalated',
      actorId: null,
      action: `Case ${routed.displayNumber} escalated to ${STEP_WORDS[decision.step]} (${context.reason})`,
      message: routed.chiefComplaint,
    });
  }
  return offered;
}

/**
 * Moves a waiting case to the next step of its routing chain (the schedule as it is now). At the end of the
 * chain with nobody left to ask, the ER admins are told.
 */
export async function advanceChain(
  tx: Queryable,
  journal: CaseJournal,
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
    journal,
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
    await clearTimers(tx, row.id);
    await journal.notify([row.opened_by, ...(await emergencyRoomAdmins(tx, row.hospital_id))], {
      kind: 'case_escalated',
      actorId: null,
      action: `Nobody is left to offer case ${row.display_number} to: every ${row.specialty_name} specialist declined or none exists`,
      message: row.chief_complaint,
    });
  }
}
