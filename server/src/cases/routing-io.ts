// Reads what routing needs at this moment (the shift covering now, the specialty's specialists, who
// declined) and applies a routing decision: offers, timers, timeline and notifications.
import type { RoutingStep, Urgency } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import type { AckOverrides, AckPolicy } from '../domain/escalation.ts';
import { DEFAULT_ACK_POLICY, timersAfterOffer, withOverrides } from '../domain/escalation.ts';
import type { RoutingContext, RoutingDecision } from '../domain/routing.ts';
import { newId } from '../db/ids.ts';
import { readAckSettings, type AckSettings } from '../organisation/organisation-repository.ts';
import { findCoveringShift } from '../schedules/shifts-repository.ts';
import { userIdsWithRole } from '../users/users-repository.ts';
import type { CaseChanges } from './changes.ts';

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
  const declined =
    target.caseId === null
      ? []
      : await db.query<{ specialist_id: string }>(
          'select specialist_id from case_offers where case_id = $1 and declined_at is not null',
          [target.caseId],
        );
  return {
    shift: shift ?? null,
    specialistIds,
    declinedIds: declined.map((row) => row.specialist_id),
  };
}

export function emergencyRoomAdmins(db: Queryable, hospitalId: string): Promise<string[]> {
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
  changes: CaseChanges,
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
  const ids = decision.offerTo.map(() => newId('off'));
  const inserted = await tx.query<{ specialist_id: string }>(
    `insert into case_offers (id, case_id, specialist_id, step, offered_at, last_alerted_at)
     select id, $3, specialist_id, $4, $5, $5 from unnest($1::text[], $2::text[]) as o (id, specialist_id)
     on conflict (case_id, specialist_id) do nothing
     returning specialist_id`,
    [ids, [...decision.offerTo], routed.id, decision.step, now.toISOString()],
  );
  const offered = inserted.map((row) => row.specialist_id).sort();
  await tx.query(
    `update cases set routing_step = $2, ack_due_at = $3, realert_due_at = $4, updated_at = $5,
       no_coverage = no_coverage or $6
     where id = $1`,
    [
      routed.id,
      decision.step,
      timers.ackDueAt?.toISOString() ?? null,
      timers.realertDueAt.toISOString(),
      now.toISOString(),
      decision.noCoverage,
    ],
  );
  if (context.escalatedFrom !== null) {
    await changes.event('escalated', null, {
      from: context.escalatedFrom,
      step: decision.step,
      reason: context.reason,
    });
  }
  if (decision.noCoverage) await changes.event('no_coverage', null, { specialty: routed.specialtyName });
  await changes.event('offered', null, { specialistIds: offered, step: decision.step });
  await changes.notify(offered, {
    kind: 'case_offered',
    actorId: context.actorId,
    action: `offered you case ${routed.displayNumber} (${routed.specialtyName}, ${routed.urgency})`,
    message: routed.chiefComplaint,
  });
  const admins = decision.notifyAdmins ? await emergencyRoomAdmins(tx, routed.hospitalId) : [];
  if (decision.noCoverage) {
    await changes.notify(admins, {
      kind: 'case_no_coverage',
      actorId: null,
      action: `No on-call coverage for ${routed.specialtyName}: case ${routed.displayNumber} went to ${STEP_WORDS.all}`,
      message: routed.chiefComplaint,
    });
  } else if (context.escalatedFrom !== null) {
    await changes.notify([routed.openedBy, ...admins], {
      kind: 'case_escalated',
      actorId: null,
      action: `Case ${routed.displayNumber} escalated to ${STEP_WORDS[decision.step]} (${context.reason})`,
      message: routed.chiefComplaint,
    });
  }
  return offered;
}
