// The specialist scheduler: each specialist's recurring weekly availability and time off, kept by the ER
// admins of their hospital.
import type {
  AvailabilityUpdate,
  SpecialistSchedule,
  SpecialistScheduleList,
  TimeOffCreate,
} from '../../../generated/types.gen.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { addDays, minutesOf } from '../domain/zoned-time.ts';
import { notFound } from '../errors.ts';
import {
  deleteTimeOffRow,
  findSpecialist,
  insertTimeOff,
  listSpecialists,
  readAvailability,
  replaceAvailability,
  type SpecialistRow,
} from './availability-repository.ts';
import { hospitalTimeZone } from './shifts-repository.ts';
import { scheduleHospital, unprocessable } from './shifts.ts';

const SPECIALIST_NOT_FOUND = 'Specialist not found';
/** Time off is entered a year at most at once: a range is bounded before anything is done with it. */
const MAX_TIME_OFF_DAYS = 366;

async function schedulesOf(
  db: Queryable,
  specialists: readonly SpecialistRow[],
): Promise<SpecialistSchedule[]> {
  const availability = await readAvailability(
    db,
    specialists.map((row) => row.id),
  );
  return specialists.map((row) => {
    const own = availability.get(row.id);
    return {
      specialist: { id: row.id, displayName: row.display_name },
      specialties: row.specialty_types,
      availability: own?.windows ?? [],
      timeOff: own?.timeOff ?? [],
    };
  });
}

export async function listSpecialistSchedules(db: Database, caller: Caller): Promise<SpecialistScheduleList> {
  const hospitalId = scheduleHospital(caller, true);
  const items = await schedulesOf(db, await listSpecialists(db, hospitalId));
  return { timeZone: await hospitalTimeZone(db, hospitalId), items };
}

/** A specialist of the caller's hospital; anyone else is not found. */
async function specialistOfHospital(
  db: Queryable,
  hospitalId: string,
  userId: string,
): Promise<SpecialistRow> {
  const row = await findSpecialist(db, userId);
  if (!row || row.hospital_id !== hospitalId || !row.roles.includes('specialist')) {
    throw notFound(SPECIALIST_NOT_FOUND);
  }
  return row;
}

async function scheduleOf(db: Queryable, row: SpecialistRow): Promise<SpecialistSchedule> {
  const [schedule] = await schedulesOf(db, [row]);
  return schedule as SpecialistSchedule;
}

export async function setAvailability(
  db: Database,
  caller: Caller,
  userId: string,
  body: AvailabilityUpdate,
): Promise<SpecialistSchedule> {
  const hospitalId = scheduleHospital(caller, true);
  const row = await specialistOfHospital(db, hospitalId, userId);
  for (const window of body.windows) {
    if (minutesOf(window.startTime) === minutesOf(window.endTime)) {
      throw unprocessable('An availability window must end at another time than it starts');
    }
  }
  await db.transaction((tx) =>
    replaceAvailability(
      tx,
      userId,
      body.windows.map((window) => ({ ...window, id: newId('avl') })),
    ),
  );
  return scheduleOf(db, row);
}

export async function addTimeOff(
  db: Database,
  caller: Caller,
  userId: string,
  body: TimeOffCreate,
): Promise<SpecialistSchedule> {
  const hospitalId = scheduleHospital(caller, true);
  if (body.endsOn < body.startsOn) throw unprocessable('Time off must not end before it starts');
  if (body.endsOn > addDays(body.startsOn, MAX_TIME_OFF_DAYS - 1)) {
    throw unprocessable(
      `Enter time off of at most ${MAX_TIME_OFF_DAYS} days at once: add a longer absence in parts`,
    );
  }
  const row = await specialistOfHospital(db, hospitalId, userId);
  await insertTimeOff(db, userId, {
    id: newId('tof'),
    startsOn: body.startsOn,
    endsOn: body.endsOn,
    note: body.note?.trim() ?? '',
  });
  return scheduleOf(db, row);
}

export async function deleteTimeOff(db: Database, caller: Caller, timeOffId: string): Promise<void> {
  const hospitalId = scheduleHospital(caller, true);
  if (!(await deleteTimeOffRow(db, hospitalId, timeOffId))) throw notFound('Time off not found');
}
