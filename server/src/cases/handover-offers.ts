// A handover of on-call duty moves the waiting cases with it: every case of the specialty at the hospital
// offered to the outgoing specialist and not yet accepted is offered to the incoming one instead, with its
// timeline, the incoming specialist's notification and the event streams told, as any offer.
import type { Queryable } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { CaseJournal } from './case-journal.ts';
import { deactivateOfferOf, insertOffers, lockWaitingOffers, reviveOfferOf } from './offers-repository.ts';

/** Moves the outgoing specialist's unaccepted offers to the incoming one; answers how many cases moved. */
export async function moveWaitingOffers(
  tx: Queryable,
  move: { hospitalId: string; specialtyId: string; fromId: string; toId: string; actorId: string; now: Date },
): Promise<number> {
  const rows = await lockWaitingOffers(tx, move.hospitalId, move.specialtyId, move.fromId);
  for (const row of rows) {
    await deactivateOfferOf(tx, row.case_id, move.fromId);
    const offered = await insertOffers(tx, {
      caseId: row.case_id,
      step: row.step,
      at: move.now,
      to: [{ id: newId('off'), specialistId: move.toId }],
    });
    // Offered before and still answerable (not declined): alert them again rather than lose the case.
    if (offered.length === 0)
      await reviveOfferOf(tx, row.case_id, move.toId, { step: row.step, at: move.now });
    const journal = new CaseJournal(tx, row.case_id, move.now);
    await journal.event('offered', move.actorId, {
      specialistIds: [move.toId],
      step: row.step,
      handover: true,
    });
    await journal.notify([move.toId], {
      kind: 'case_offered',
      actorId: move.actorId,
      action: `handed you case ${row.display_number} (${row.specialty_name}, ${row.urgency}) with the on-call shift`,
      message: row.chief_complaint,
    });
    journal.watch([move.fromId, row.opened_by]);
    await journal.publish(row.status);
  }
  return rows.length;
}
