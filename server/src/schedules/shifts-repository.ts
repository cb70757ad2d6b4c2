// The on-call shifts: who is primary (and backup) for a specialty at a hospital, from when to when, and each
// shift's history. The database refuses two overlapping shifts of one specialty (on_call_shifts_no_overlap).
import type { Queryable } from '../db/database.ts';

export interface ShiftRecord {
  readonly id: string;
  readonly hospitalId: string;
  readonly specialtyId: string;
  readonly startsAt: Date;
  readonly endsAt: Date;
  readonly primaryId: string;
  readonly backupId: string | null;
}

/** A shift as read, with the names the answers show. */
export interface ShiftRow {
  [column: string]: unknown;
  id: string;
  hospital_id: string;
  specialty_id: string;
  specialty_name: string;
  starts_at: string;
  ends_at: string;
  primary_id: string;
  primary_name: string;
  primary_active: boolean;
  /** The primary's telephone number from its contact details, for the ER to call. */
  primary_phone: string | null;
  backup_id: string | null;
  backup_name: string | null;
  backup_active: boolean | null;
  backup_phone: string | null;
  /** The shift's last change (its creation, or the last edit). */
  updated_at: string;
}

export const OVERLAP_CONSTRAINT = 'on_call_shifts_no_overlap';

const SHIFT_SELECT = `select f.id, f.hospital_id, f.specialty_id, s.name as specialty_name, f.starts_at, f.ends_at,
    f.primary_id, p.display_name as primary_name, p.active as primary_active, p.phone as primary_phone, f.backup_id,
    b.display_name as backup_name, b.active as backup_active, b.phone as backup_phone, f.updated_at
  from on_call_shifts f join specialties s on s.id = f.specialty_id join users p on p.id = f.primary_id
  left join users b on b.id = f.backup_id`;

/** Writes the shift unless one with its id exists (or it overlaps one: the demo data's re-runs). */
export async function insertShift(db: Queryable, shift: ShiftRecord): Promise<void> {
  await db.query(
    `insert into on_call_shifts (id, hospital_id, specialty_id, starts_at, ends_at, primary_id, backup_id)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
    shiftParams(shift),
  );
}

function shiftParams(shift: ShiftRecord): unknown[] {
  return [
    shift.id,
    shift.hospitalId,
    shift.specialtyId,
    shift.startsAt.toISOString(),
    shift.endsAt.toISOString(),
    shift.primaryId,
    shift.backupId,
  ];
}

/** Writes a new shift; an overlap raises the database's exclusion violation (23P01). */
export async function createShiftRow(db: Queryable, shift: ShiftRecord): Promise<void> {
  await db.query(
    `insert into on_call_shifts (id, hospital_id, specialty_id, starts_at, ends_at, primary_id, backup_id)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    shiftParams(shift),
  );
}

export async function updateShiftRow(db: Queryable, shift: ShiftRecord, at: Date): Promise<void> {
  await db.query(
    `update on_call_shifts set starts_at = $4, ends_at = $5, primary_id = $6, backup_id = $7, updated_at = $8
     where id = $1 and hospital_id = $2 and specialty_id = $3`,
    [...shiftParams(shift), at.toISOString()],
  );
}

export async function deleteShiftRow(db: Queryable, hospitalId: string, shiftId: string): Promise<boolean> {
  const rows = await db.query('delete from on_call_shifts where id = $1 and hospital_id = $2 returning id', [
    shiftId,
    hospitalId,
  ]);
  return rows.length > 0;
}

/** The hospital's shift, locked for update when asked (a change reads, decides, then writes). */
export async function findShift(
  db: Queryable,
  hospitalId: string,
  shiftId: string,
  options: { lock?: boolean } = {},
): Promise<ShiftRow | undefined> {
  const [row] = await db.query<ShiftRow>(
    `${SHIFT_SELECT} where f.id = $1 and f.hospital_id = $2 ${options.lock === true ? 'for update of f' : ''}`,
    [shiftId, hospitalId],
  );
  return row;
}

/**
 * The hospital's shifts overlapping [from, to), of one specialty when named, by start. Written as a range
 * overlap so the no-overlap constraint's GiST index finds them: a year of shifts costs what a fortnight does.
 */
export function listShiftRows(
  db: Queryable,
  hospitalId: string,
  range: { from: Date; to: Date; specialtyId?: string | undefined },
): Promise<ShiftRow[]> {
  return db.query<ShiftRow>(
    `${SHIFT_SELECT}
     where f.hospital_id = $1 and tstzrange(f.starts_at, f.ends_at, '[)') && tstzrange($2::timestamptz, $3::timestamptz, '[)')
       and ($4::text is null or f.specialty_id = $4)
     order by f.starts_at, s.name, f.id`,
    [hospitalId, range.from.toISOString(), range.to.toISOString(), range.specialtyId ?? null],
  );
}

/** The hospital's shifts with these ids, by start. */
export function listShiftRowsById(
  db: Queryable,
  hospitalId: string,
  ids: readonly string[],
): Promise<ShiftRow[]> {
  return db.query<ShiftRow>(
    `${SHIFT_SELECT} where f.hospital_id = $1 and f.id = any($2::text[]) order by f.starts_at, f.id`,
    [hospitalId, ids],
  );
}

/** The user's shifts (as primary or backup) overlapping [from, to), by start. */
export function listShiftRowsOf(db: Queryable, userId: string, from: Date, to: Date): Promise<ShiftRow[]> {
  return db.query<ShiftRow>(
    `${SHIFT_SELECT}
     where (f.primary_id = $1 or f.backup_id = $1) and f.starts_at < $3 and f.ends_at > $2
     order by f.starts_at, f.id`,
    [userId, from.toISOString(), to.toISOString()],
  );
}

/** The other shift of the specialty overlapping [from, to), to say which one a refused change met. */
export async function findOverlapping(
  db: Queryable,
  shift: { hospitalId: string; specialtyId: string; startsAt: Date; endsAt: Date; exceptId: string | null },
): Promise<ShiftRow | undefined> {
  const [row] = await db.query<ShiftRow>(
    `${SHIFT_SELECT}
     where f.hospital_id = $1 and f.specialty_id = $2 and f.starts_at < $4 and f.ends_at > $3
       and ($5::text is null or f.id <> $5)
     order by f.starts_at limit 1`,
    [
      shift.hospitalId,
      shift.specialtyId,
      shift.startsAt.toISOString(),
      shift.endsAt.toISOString(),
      shift.exceptId,
    ],
  );
  return row;
}

/**
 * The shift covering `at` for the specialty at the hospital (the latest to start, if several overlap). A shift
 * whose primary is deactivated is a coverage gap, as if it did not exist; a deactivated backup is no backup.
 */
export async function findCoveringShift(
  db: Queryable,
  hospitalId: string,
  specialtyId: string,
  at: Date,
): Promise<{ primaryId: string; backupId: string | null } | undefined> {
  const [row] = await db.query<{ primary_id: string; backup_id: string | null }>(
    `select s.primary_id, case when b.active then s.backup_id end as backup_id
     from on_call_shifts s
     join users p on p.id = s.primary_id and p.active
     left join users b on b.id = s.backup_id
     where s.hospital_id = $1 and s.specialty_id = $2 and s.starts_at <= $3 and s.ends_at > $3
     order by s.starts_at desc, s.id limit 1`,
    [hospitalId, specialtyId, at.toISOString()],
  );
  return row && { primaryId: row.primary_id, backupId: row.backup_id };
}

export interface ShiftEventRow {
  [column: string]: unknown;
  at: string;
  kind: 'created' | 'updated' | 'handed_over' | 'split';
  actor_id: string | null;
  actor_name: string | null;
  data: { detail?: string };
}

export async function insertShiftEvent(
  db: Queryable,
  event: { shiftId: string; at: Date; kind: ShiftEventRow['kind']; actorId: string | null; detail: string },
): Promise<void> {
  await db.query(
    'insert into on_call_shift_events (shift_id, at, kind, actor_id, data) values ($1, $2, $3, $4, $5)',
    [
      event.shiftId,
      event.at.toISOString(),
      event.kind,
      event.actorId,
      JSON.stringify({ detail: event.detail }),
    ],
  );
}

export function readShiftEvents(db: Queryable, shiftId: string): Promise<ShiftEventRow[]> {
  return db.query<ShiftEventRow>(
    `select e.at, e.kind, e.actor_id, u.display_name as actor_name, e.data
     from on_call_shift_events e left join users u on u.id = e.actor_id where e.shift_id = $1 order by e.id`,
    [shiftId],
  );
}

/**
 * The specialties of the hospital's system that matter to it: those with a specialist at the hospital or a
 * shift there, by name.
 */
export function specialtiesOfHospital(
  db: Queryable,
  hospitalId: string,
): Promise<{ id: string; name: string; specialists: number }[]> {
  return db.query<{ id: string; name: string; specialists: number }>(
    `select s.id, s.name,
       (select count(*)::int from users a where a.hospital_id = h.id and a.active
          and 'specialist' = any(a.roles) and s.name = any(a.specialty_types)) as specialists
     from specialties s join hospitals h on h.hospital_system_id = s.hospital_system_id
     where h.id = $1 and (
       exists (select 1 from users u where u.hospital_id = h.id and 'specialist' = any(u.roles)
               and s.name = any(u.specialty_types))
       or exists (select 1 from on_call_shifts f where f.hospital_id = h.id and f.specialty_id = s.id))
     order by lower(s.name) collate "C", s.id`,
    [hospitalId],
  );
}

/** The hospital's IANA time zone. */
export async function hospitalTimeZone(db: Queryable, hospitalId: string): Promise<string> {
  const [row] = await db.query<{ time_zone: string }>('select time_zone from hospitals where id = $1', [
    hospitalId,
  ]);
  return row?.time_zone ?? 'UTC';
}
