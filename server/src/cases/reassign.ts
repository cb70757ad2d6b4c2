// Reassigning a waiting case: the ER admin, watching a case run late on its board, takes it from the
// specialists who hold its offers and offers it to a colleague of the same specialty at the hospital, who is
// alerted at once. The case keeps its step of the routing chain and its acknowledgement time starts again,
// so it still escalates if the new specialist does not answer either.
import type { Case } from '../../../generated/types.gen.ts';
import type { Actor } from '../auth/caller.ts';
import { newId } from '../db/ids.ts';
import { timersAfterOffer } from '../domain/escalation.ts';
import { badRequest, conflict } from '../errors.ts';
import { changeCase } from './case-change.ts';
import { setRouting } from './case-timers-repository.ts';
import type { CasesContext } from './cases-context.ts';
import { activeOfferees, deactivateOffers, insertOffers, reviveOfferOf } from './offers-repository.ts';
import { readPolicy } from './routing.ts';
import { userIdsWithRole } from '../users/users-repository.ts';

export const reassignProblems = {
  notWaiting: 'Only a case waiting for a specialist can be reassigned',
  notEligible: 'is not an active specialist of this case’s specialty at its hospital',
  declined: 'declined this case already: choose another specialist',
} as const;

export function reassignCase(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
  specialistId: string,
): Promise<Case> {
  const me = actor.caller.id;
  return changeCase(ctx, actor, caseId, 'reassign', async ({ tx, row, journal, now }) => {
    if (row.status !== 'pending' && row.status !== 'escalated') throw conflict(reassignProblems.notWaiting);
    const eligible = await userIdsWithRole(tx, row.hospital_id, 'specialist', row.specialty_name);
    if (!eligible.includes(specialistId)) {
      throw badRequest([{ loc: ['body', 'specialistId'], msg: reassignProblems.notEligible }]);
    }
    const before = await activeOfferees(tx, caseId);
    await deactivateOffers(tx, caseId);
    const inserted = await insertOffers(tx, {
      caseId,
      step: row.routing_step,
      at: now,
      to: [{ id: newId('off'), specialistId }],
    });
    // Offered before (and not taken back by a decline): the same offer, active again.
    if (inserted.length === 0)
      await reviveOfferOf(tx, caseId, specialistId, { step: row.routing_step, at: now });
    if (!(await activeOfferees(tx, caseId)).includes(specialistId)) {
      throw badRequest([{ loc: ['body', 'specialistId'], msg: reassignProblems.declined }]);
    }
    const policy = await readPolicy(tx, row.hospital_id, ctx.ackOverrides);
    const timers = timersAfterOffer(now, row.urgency, false, policy);
    await setRouting(tx, caseId, {
      step: row.routing_step,
      ackDueAt: timers.ackDueAt,
      realertDueAt: timers.realertDueAt,
      noCoverage: false,
      at: now,
    });
    await journal.event('offered', me, { specialistIds: [specialistId], step: row.routing_step });
    await journal.notify([specialistId], {
      kind: 'case_offered',
      actorId: me,
      action: `offered you case ${row.display_number} (${row.specialty_name}, ${row.urgency})`,
      message: row.chief_complaint,
    });
    // Those who lost the offer and the doctor who opened the case see it move.
    journal.watch([row.opened_by, ...before.filter((id) => id !== specialistId)]);
    return { status: row.status, audit: 'case.reassign' };
  });
}
