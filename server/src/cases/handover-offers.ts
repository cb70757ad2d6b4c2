// A handover of on-call duty moves the waiting cases with it: every case of the specialty at the hospital
// offered to the outgoing specialist and not yet accepted is offered to the incoming one instead, with its
// timeline, the incoming specialist's notification and the event streams told, as any offer.
import type { CaseStatus, RoutingStep } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { CaseJournal } from './case-journal.ts';
import { insertOffers } from './offers-repository.ts';

interface WaitingOfferRow {
  [column: string]: unknown;
  case_id: string;
  status: CaseStatus;
  step: RoutingStep;
  display_number: string;
  urgency: string;
  specialty_name: string;
  chief_complaint: string;
  opened_by: string;
}

/** Moves the outgoing specialist's unaccepted offers to the incoming one; answers how many cases moved. */
export async function moveWaitingOffers(
  tx: Queryable,
  move: { hospitalId: string; specialtyId: string; fromId: string; toId: string; actorId: string; now: Date },
): Promise<number> {
  const rows = await tx.query<WaitingOfferRow>(
    `select c.id as case_id, c.status, o.step, c.display_number, c.urgency, s.name as specialty_name,
       c.chief_complaint, c.opened_by
     from case_offers o join cases c on c.id = o.case_id join specialties s on s.id = c.specialty_id
     where c.hospital_id = $1 and c.specialty_id = $2 and o.specialist_id = $3 and o.active
       and c.status in ('pending', 'escalated')
     order by c.id for update of c, o`,
    [move.hospitalId, move.specialtyId, move.fromId],
  );
  for (const row of rows) {
    await tx.query('update case_offers set active = false where case_id = $1 and specialist_id = $2', [
      row.case_id,
      move.fromId,
    ]);
    const offered = await insertOffers(tx, {
      caseId: row.case_id,
      step: row.step,
      at: move.now,
      to: [{ id: newId('off'), specialistId: move.toId }],
    });
    // Offered before and still answerable (not declined): alert them again rather than lose the case.
    if (offered.length === 0) {
      await tx.query(
        `update case_offers set active = true, last_alerted_at = $3, alert_count = alert_count + 1
         where case_id = $1 and specialist_id = $2 and declined_at is null`,
        [row.case_id, move.toId, move.now.toISOString()],
      );
    }
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
