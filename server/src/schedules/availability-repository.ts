// The specialists' weekly availability and time off, and who may be put on a shift.
import type { Queryable } from '../db/database.ts';

export interface SpecialistRow {
  [column: string]: unknown;
  id: string;
  display_name: string;
  hospital_id: string | null;
  roles: string[];
  specialty_types: string[];
  active: boolean;
}

/** A user of the hospital system, with what decides whether they may take a shift. */
export async function findSpecialist(db: Queryable, userId: string): Promise<SpecialistRow | undefined> {
  const [row] = await db.query<SpecialistRow>(
    'select id, display_name, hospital_id, roles, specialty_types, active from users where id = $1',
    [userId],
  );
  return row;
}

/** The hospital's specialists by name. */
export function listSpecialists(db: Queryable, hospitalId: string): Promise<SpecialistRow[]> {
  return db.query<SpecialistRow>(
    `select id, display_name, hospital_id, roles, specialty_types, active from users
     where hospital_id = $1 and 'specialist' = any(roles) and active order by lower(display_name) collate "C", id`,
    [hospitalId],
  );
}

interface WindowRow {
  [column: string]: unknown;
  user_id: string;
  weekday: number;
  starts_time: string;
  ends_time: string;
}

interface TimeOffRow {
  [column: string]: unknown;
  id: string;
  user_id: string;
  starts_on: string;
  ends_on: string;
  note: string;
}

interface AvailabilityWindow {
  readonly weekday: number;
  readonly startTime: string;
  readonly endTime: string;
}

export interface TimeOffRecord {
  readonly id: string;
  readonly startsOn: string;
  readonly endsOn: string;
  readonly note: string;
}

export interface SpecialistAvailability {
  readonly windows: AvailabilityWindow[];
  readonly timeOff: TimeOffRecord[];
}

/** Each user's availability and time off (users with neither are absent). */
export async function readAvailability(
  db: Queryable,
  userIds: readonly string[],
): Promise<Map<string, SpecialistAvailability>> {
  const out = new Map<string, SpecialistAvailability>();
  const entry = (userId: string) => {
    let found = out.get(userId);
    if (found === undefined) {
      found = { windows: [], timeOff: [] };
      out.set(userId, found);
    }
    return found;
  };
  if (userIds.length === 0) return out;
  const windows = await db.query<WindowRow>(
    `select user_id, weekday, to_char(starts_time, 'HH24:MI') as starts_time,
       to_char(ends_time, 'HH24:MI') as ends_time
     from specialist_availability where user_id = any($1::text[]) order by weekday, starts_time`,
    [userIds],
  );
  for (const row of windows) {
    entry(row.user_id).windows.push({
      weekday: row.weekday,
      startTime: row.starts_time,
      endTime: row.ends_time,
    });
  }
  const timeOff = await db.query<TimeOffRow>(
    `select id, user_id, starts_on::text as starts_on, ends_on::text as ends_on, note
     from specialist_time_off where user_id = any($1::text[]) order by starts_on, id`,
    [userIds],
  );
  for (const row of timeOff) {
    entry(row.user_id).timeOff.push({
      id: row.id,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      note: row.note,
    });
  }
  return out;
}

export async function replaceAvailability(
  tx: Queryable,
  userId: string,
  windows: readonly (AvailabilityWindow & { id: string })[],
): Promise<void> {
  await tx.query('delete from specialist_availability where user_id = $1', [userId]);
  if (windows.length === 0) return;
  await tx.query(
    `insert into specialist_availability (id, user_id, weekday, starts_time, ends_time)
     select id, $2, weekday, starts_time::time, ends_time::time
     from unnest($1::text[], $3::int[], $4::text[], $5::text[]) as w (id, weekday, starts_time, ends_time)`,
    [
      windows.map((w) => w.id),
      userId,
      windows.map((w) => w.weekday),
      windows.map((w) => w.startTime),
      windows.map((w) => w.endTime),
    ],
  );
}

export async function insertTimeOff(db: Queryable, userId: string, timeOff: TimeOffRecord): Promise<void> {
  await db.query(
    'insert into specialist_time_off (id, user_id, starts_on, ends_on, note) values ($1, $2, $3, $4, $5)',
    [timeOff.id, userId, timeOff.startsOn, timeOff.endsOn, timeOff.note],
  );
}

/** Deletes the time off of a user of the hospital; false when there is no such time off there. */
export async function deleteTimeOffRow(
  db: Queryable,
  hospitalId: string,
  timeOffId: string,
): Promise<boolean> {
  const rows = await db.query(
    `delete from specialist_time_off t using users u
     where t.id = $1 and u.id = t.user_id and u.hospital_id = $2 returning t.id`,
    [timeOffId, hospitalId],
  );
  return rows.length > 0;
}
