// Swaps and handovers: a shift, or what remains of it, goes to another eligible specialist. A shift under way
// is split (the outgoing specialist keeps what has passed); the history says who did it and when. Routing
// always reads the schedule as it is, and cases waiting on the outgoing specialist move to the incoming one.
import type { ShiftHandover, ShiftHandoverResult } from '../../../generated/types.gen.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { planHandover } from '../domain/schedules.ts';
import { conflict, notFound } from '../errors.ts';
import { moveWaitingOffers } from '../cases/handover-offers.ts';
import { checkSpecialist } from './eligibility.ts';
import { createShiftRow, findShift, insertShiftEvent, updateShiftRow } from './shifts-repository.ts';
import { readShift, scheduleDetails, scheduleHospital, unprocessable } from './shifts.ts';

export async function handOverShift(
  db: Database,
  caller: Caller,
  shiftId: string,
  body: ShiftHandover,
): Promise<ShiftHandoverResult> {
  const hospitalId = scheduleHospital(caller, true);
  const now = new Date();
  const at = new Date(Math.max(now.getTime(), body.from === undefined ? 0 : Date.parse(body.from)));
  const outcome = await db.transaction(async (tx) => {
    const shift = await findShift(tx, hospitalId, shiftId, { lock: true });
    if (!shift) throw notFound(scheduleDetails.shiftNotFound);
    if (body.toId === shift.primary_id)
      throw unprocessable(`${shift.primary_name} is this shift's primary already`);
    const incoming = await checkSpecialist(tx, body.toId, hospitalId, shift.specialty_name);
    const interval = { start: Date.parse(shift.starts_at), end: Date.parse(shift.ends_at) };
    const plan = planHandover(interval, at.getTime());
    if (plan === null) throw conflict('The shift has ended: nothing is left to hand over');
    // The incoming specialist cannot back themselves up.
    const backupId = shift.backup_id === body.toId ? null : shift.backup_id;
    const detail = `Handed over from ${shift.primary_name} to ${incoming.display_name} from ${at.toISOString()}`;
    const base = {
      hospitalId,
      specialtyId: shift.specialty_id,
      primaryId: shift.primary_id,
      backupId: shift.backup_id,
    };
    let handedId = shiftId;
    let keptId: string | null = null;
    let handedStart = interval.start;
    if (plan.kind === 'whole') {
      await updateShiftRow(
        tx,
        {
          ...base,
          id: shiftId,
          startsAt: new Date(interval.start),
          endsAt: new Date(interval.end),
          primaryId: body.toId,
          backupId,
        },
        now,
      );
      await insertShiftEvent(tx, { shiftId, at: now, kind: 'handed_over', actorId: caller.id, detail });
    } else {
      keptId = shiftId;
      handedId = newId('shf');
      handedStart = plan.handed.start;
      await updateShiftRow(
        tx,
        { ...base, id: shiftId, startsAt: new Date(plan.kept.start), endsAt: new Date(plan.kept.end) },
        now,
      );
      await insertShiftEvent(tx, { shiftId, at: now, kind: 'split', actorId: caller.id, detail });
      await createShiftRow(tx, {
        ...base,
        id: handedId,
        startsAt: new Date(plan.handed.start),
        endsAt: new Date(plan.handed.end),
        primaryId: body.toId,
        backupId,
      });
      await insertShiftEvent(tx, {
        shiftId: handedId,
        at: now,
        kind: 'handed_over',
        actorId: caller.id,
        detail,
      });
    }
    // The handed part covers now: what waits on the outgoing specialist goes to the incoming one.
    const coversNow = handedStart <= now.getTime() && now.getTime() < interval.end;
    const movedCases = coversNow
      ? await moveWaitingOffers(tx, {
          hospitalId,
          specialtyId: shift.specialty_id,
          fromId: shift.primary_id,
          toId: body.toId,
          actorId: caller.id,
          now,
        })
      : 0;
    return { keptId, handedId, movedCases };
  });
  return {
    kept: outcome.keptId === null ? null : await readShift(db, hospitalId, outcome.keptId),
    handed: await readShift(db, hospitalId, outcome.handedId),
    movedCases: outcome.movedCases,
  };
}
