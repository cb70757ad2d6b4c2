// Many shifts at once: a pattern repeated over a range of days, and a week copied to the next. All or none:
// one overlap refuses the whole batch (409), naming the shift it met.
import type { Shift, ShiftPattern, ShiftWeekCopy } from '../../../generated/types.gen.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { repeatPattern, shiftByWeeks } from '../domain/schedules.ts';
import { addDays, fromWallTime } from '../domain/zoned-time.ts';
import { findSpecialty } from '../organisation/organisation-repository.ts';
import {
  hospitalTimeZone,
  createShiftRow,
  insertShiftEvent,
  listShiftRows,
  listShiftRowsById,
} from './shifts-repository.ts';
import {
  scheduleDetails,
  scheduleHospital,
  toShifts,
  unprocessable,
  validateShift,
  writeShifts,
  type ValidShift,
} from './shifts.ts';

const MAX_BATCH = 400;
const MAX_PATTERN_DAYS = 366;

async function createBatch(
  db: Database,
  caller: Caller,
  hospitalId: string,
  shifts: readonly ValidShift[],
  detail: string,
): Promise<Shift[]> {
  if (shifts.length === 0) return [];
  if (shifts.length > MAX_BATCH) throw unprocessable(`At most ${MAX_BATCH} shifts at once`);
  const now = new Date();
  await writeShifts(db, shifts, async (tx) => {
    for (const shift of shifts) {
      await createShiftRow(tx, shift.record);
      await insertShiftEvent(tx, {
        shiftId: shift.record.id,
        at: now,
        kind: 'created',
        actorId: caller.id,
        detail,
      });
    }
  });
  const rows = await listShiftRowsById(
    db,
    hospitalId,
    shifts.map((shift) => shift.record.id),
  );
  return toShifts(db, rows, await hospitalTimeZone(db, hospitalId));
}

export async function repeatShifts(db: Database, caller: Caller, pattern: ShiftPattern): Promise<Shift[]> {
  const hospitalId = scheduleHospital(caller, true);
  if (pattern.toDate < pattern.fromDate) throw unprocessable('The last day must not be before the first');
  if (pattern.toDate > addDays(pattern.fromDate, MAX_PATTERN_DAYS)) {
    throw unprocessable('Repeat a pattern over at most a year');
  }
  const zone = await hospitalTimeZone(db, hospitalId);
  const intervals = repeatPattern(pattern, zone);
  if (intervals.length === 0) throw unprocessable('The pattern falls on none of the days in the range');
  const shifts: ValidShift[] = [];
  for (const interval of intervals) {
    shifts.push(
      await validateShift(db, caller, hospitalId, newId('shf'), {
        specialtyId: pattern.specialtyId,
        primaryId: pattern.primaryId,
        backupId: pattern.backupId ?? null,
        startsAt: new Date(interval.start).toISOString(),
        endsAt: new Date(interval.end).toISOString(),
      }),
    );
  }
  const detail = `Created by a pattern ${pattern.startTime}–${pattern.endTime}, ${pattern.fromDate} to ${pattern.toDate}`;
  return createBatch(db, caller, hospitalId, shifts, detail);
}

export async function copyShiftWeek(db: Database, caller: Caller, copy: ShiftWeekCopy): Promise<Shift[]> {
  const hospitalId = scheduleHospital(caller, true);
  const specialty = await findSpecialty(db, copy.specialtyId, caller.hospitalSystemId);
  if (!specialty) throw unprocessable(scheduleDetails.specialtyNotFound);
  const zone = await hospitalTimeZone(db, hospitalId);
  const from = fromWallTime(copy.weekStart, 0, zone);
  const to = fromWallTime(addDays(copy.weekStart, 7), 0, zone);
  // The week's shifts are those starting in it.
  const rows = (
    await listShiftRows(db, hospitalId, { from: new Date(from), to: new Date(to), specialtyId: specialty.id })
  ).filter((row) => Date.parse(row.starts_at) >= from);
  if (rows.length === 0) throw unprocessable('That week has no shifts of the specialty to copy');
  const shifts: ValidShift[] = [];
  for (const row of rows) {
    const moved = shiftByWeeks({ start: Date.parse(row.starts_at), end: Date.parse(row.ends_at) }, 1, zone);
    shifts.push(
      await validateShift(db, caller, hospitalId, newId('shf'), {
        specialtyId: specialty.id,
        primaryId: row.primary_id,
        backupId: row.backup_id,
        startsAt: new Date(moved.start).toISOString(),
        endsAt: new Date(moved.end).toISOString(),
      }),
    );
  }
  return createBatch(db, caller, hospitalId, shifts, `Copied from the week of ${copy.weekStart}`);
}
