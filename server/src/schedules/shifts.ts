// The on-call shifts of the caller's hospital: read by ER staff, changed by ER admins, under the rules:
// end after start; the specialists have the specialty, belong to the hospital and are specialists; the backup
// differs from the primary (422); no two primary shifts of one specialty overlap (409, held by the database).
// A shift outside the primary's availability or during their time off is saved with a warning.
import type { Shift, ShiftCreate, ShiftEvent } from '../../../generated/types.gen.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import {
  availabilityWarnings,
  MAX_SHIFT_DAYS,
  MAX_SHIFT_MS,
  warningSpan,
  type Interval,
} from '../domain/schedules.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../errors.ts';
import { findSpecialty } from '../organisation/organisation-repository.ts';
import { readAvailability } from './availability-repository.ts';
import { checkSpecialist } from './eligibility.ts';
import { notifyIfCoverageLost } from './gap-notice.ts';
import {
  createShiftRow,
  deleteShiftRow,
  findOverlapping,
  findShift,
  hospitalTimeZone,
  insertShiftEvent,
  listShiftRows,
  OVERLAP_CONSTRAINT,
  readShiftEvents,
  updateShiftRow,
  type ShiftRecord,
  type ShiftRow,
} from './shifts-repository.ts';

export const scheduleDetails = {
  noHospital: 'Your account belongs to no single hospital: schedules are kept per hospital',
  mayNotRead: "Only the emergency room's staff and admins see the on-call schedules",
  mayNotChange: 'Only ER admins change the on-call schedules',
  shiftNotFound: 'Shift not found',
  specialtyNotFound: 'Specialty not found',
  endAfterStart: 'The shift must end after it starts',
  shiftTooLong: `A shift lasts at most ${MAX_SHIFT_DAYS} days: split a longer on-call period into shifts of a week or less`,
  rangeTooLong: 'Ask for at most 62 days of shifts at once',
  rangeBackwards: 'The range must end after it starts',
} as const;

const READ_ROLES = ['emergency_room', 'emergency_room_admin', 'er_doctor', 'hospital'];
const MAX_RANGE_MS = 62 * 86_400_000;

/** The caller's hospital, when the caller may read (or, with `change`, change) its schedules. */
export function scheduleHospital(caller: Caller, change: boolean): string {
  if (caller.hospitalId === null) throw forbidden(scheduleDetails.noHospital);
  const allowed = change ? ['emergency_room_admin'] : READ_ROLES;
  if (!caller.roles.some((role) => allowed.includes(role))) {
    throw forbidden(change ? scheduleDetails.mayNotChange : scheduleDetails.mayNotRead);
  }
  return caller.hospitalId;
}

/** 422: the request is sound but breaks a rule of the schedule. */
export function unprocessable(detail: string): HttpError {
  return new HttpError(422, detail);
}

const intervalOf = (row: ShiftRow): Interval => ({
  start: Date.parse(row.starts_at),
  end: Date.parse(row.ends_at),
});

/**
 * The answers' shape of shifts, each with its primary's warnings for the part of it inside `window` (the range
 * asked for; without one, the shift's first days): a shift saved before shifts were bounded costs no more.
 */
export async function toShifts(
  db: Queryable,
  rows: readonly ShiftRow[],
  zone: string,
  window?: Interval,
): Promise<Shift[]> {
  const availability = await readAvailability(db, [...new Set(rows.map((row) => row.primary_id))]);
  return rows.map((row) => {
    const own = availability.get(row.primary_id);
    const span = warningSpan(intervalOf(row), window);
    return {
      id: row.id,
      specialty: { id: row.specialty_id, name: row.specialty_name },
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      primary: { id: row.primary_id, displayName: row.primary_name },
      backup: row.backup_id === null ? null : { id: row.backup_id, displayName: row.backup_name ?? '' },
      warnings: own && span ? availabilityWarnings(span, own.windows, own.timeOff, zone) : [],
    };
  });
}

export async function listShifts(
  db: Database,
  caller: Caller,
  query: { from: string; to: string; specialtyId?: string | undefined },
): Promise<Shift[]> {
  const hospitalId = scheduleHospital(caller, false);
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (to <= from) throw badRequest(scheduleDetails.rangeBackwards);
  if (to.getTime() - from.getTime() > MAX_RANGE_MS) throw badRequest(scheduleDetails.rangeTooLong);
  const rows = await listShiftRows(db, hospitalId, { from, to, specialtyId: query.specialtyId });
  return toShifts(db, rows, await hospitalTimeZone(db, hospitalId), {
    start: from.getTime(),
    end: to.getTime(),
  });
}

function toEvent(row: Awaited<ReturnType<typeof readShiftEvents>>[number]): ShiftEvent {
  return {
    at: row.at,
    kind: row.kind,
    actor: row.actor_id === null ? null : { id: row.actor_id, displayName: row.actor_name ?? '' },
    detail: row.data.detail ?? '',
  };
}

export async function readShift(db: Queryable, hospitalId: string, shiftId: string): Promise<Shift> {
  const row = await findShift(db, hospitalId, shiftId);
  if (!row) throw notFound(scheduleDetails.shiftNotFound);
  const [shift] = await toShifts(db, [row], await hospitalTimeZone(db, hospitalId));
  const history = (await readShiftEvents(db, shiftId)).map(toEvent);
  return { ...(shift as Shift), history };
}

export function getShift(db: Database, caller: Caller, shiftId: string): Promise<Shift> {
  return readShift(db, scheduleHospital(caller, false), shiftId);
}

export interface ValidShift {
  readonly record: ShiftRecord;
  readonly specialtyName: string;
  readonly primaryName: string;
}

/** Checks a shift against every rule but overlap (the database's), answering what to write. */
export async function validateShift(
  db: Queryable,
  caller: Caller,
  hospitalId: string,
  id: string,
  body: ShiftCreate,
): Promise<ValidShift> {
  // The times first: a shift's length bounds all that is computed for it.
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  if (endsAt <= startsAt) throw unprocessable(scheduleDetails.endAfterStart);
  if (endsAt.getTime() - startsAt.getTime() > MAX_SHIFT_MS) throw unprocessable(scheduleDetails.shiftTooLong);
  const specialty = await findSpecialty(db, body.specialtyId, caller.hospitalSystemId);
  if (!specialty) throw unprocessable(scheduleDetails.specialtyNotFound);
  const backupId = body.backupId ?? null;
  if (backupId === body.primaryId) throw unprocessable('The backup must be someone other than the primary');
  const primary = await checkSpecialist(db, body.primaryId, hospitalId, specialty.name);
  if (backupId !== null) await checkSpecialist(db, backupId, hospitalId, specialty.name);
  return {
    record: {
      id,
      hospitalId,
      specialtyId: specialty.id,
      startsAt,
      endsAt,
      primaryId: body.primaryId,
      backupId,
    },
    specialtyName: specialty.name,
    primaryName: primary.display_name,
  };
}

function isOverlap(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23P01' || constraint === OVERLAP_CONSTRAINT;
}

/** Says which shift a refused one overlaps, in the hospital's time zone. */
async function overlapConflict(db: Queryable, shift: ShiftRecord, specialtyName: string): Promise<HttpError> {
  const other = await findOverlapping(db, { ...shift, exceptId: shift.id });
  const zone = await hospitalTimeZone(db, shift.hospitalId);
  const when = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(iso));
  return conflict(
    other
      ? `Overlaps ${specialtyName}'s shift of ${other.primary_name} from ${when(other.starts_at)} to ${when(other.ends_at)}: two primary shifts of one specialty cannot overlap`
      : `Overlaps another ${specialtyName} shift: two primary shifts of one specialty cannot overlap`,
  );
}

/**
 * Runs a schedule change in one transaction; an overlap the database refuses answers 409 naming the shift it
 * met (read after the rollback, when the other writer's shift is committed and visible).
 */
export async function writeShifts<T>(
  db: Database,
  shifts: readonly ValidShift[],
  write: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(write);
  } catch (error) {
    if (!isOverlap(error)) throw error;
    for (const shift of shifts) {
      const other = await findOverlapping(db, { ...shift.record, exceptId: shift.record.id });
      if (other) throw await overlapConflict(db, shift.record, shift.specialtyName);
    }
    throw conflict(
      'The shift overlaps another of its specialty: two primary shifts of one specialty cannot overlap',
    );
  }
}

export async function createShift(db: Database, caller: Caller, body: ShiftCreate): Promise<Shift> {
  const hospitalId = scheduleHospital(caller, true);
  const valid = await validateShift(db, caller, hospitalId, newId('shf'), body);
  const now = new Date();
  await writeShifts(db, [valid], async (tx) => {
    await createShiftRow(tx, valid.record);
    await insertShiftEvent(tx, {
      shiftId: valid.record.id,
      at: now,
      kind: 'created',
      actorId: caller.id,
      detail: `Created for ${valid.primaryName}`,
    });
  });
  return readShift(db, hospitalId, valid.record.id);
}

export async function updateShift(
  db: Database,
  caller: Caller,
  shiftId: string,
  body: ShiftCreate,
): Promise<Shift> {
  const hospitalId = scheduleHospital(caller, true);
  const existing = await findShift(db, hospitalId, shiftId);
  if (!existing) throw notFound(scheduleDetails.shiftNotFound);
  if (body.specialtyId !== existing.specialty_id) {
    throw unprocessable('A shift stays in its specialty: delete it and create one in the other specialty');
  }
  const valid = await validateShift(db, caller, hospitalId, shiftId, body);
  const now = new Date();
  await writeShifts(db, [valid], async (tx) => {
    if (!(await findShift(tx, hospitalId, shiftId, { lock: true })))
      throw notFound(scheduleDetails.shiftNotFound);
    await updateShiftRow(tx, valid.record, now);
    await insertShiftEvent(tx, {
      shiftId,
      at: now,
      kind: 'updated',
      actorId: caller.id,
      detail: `Changed: ${valid.primaryName} from ${valid.record.startsAt.toISOString()} to ${valid.record.endsAt.toISOString()}`,
    });
    await notifyIfCoverageLost(tx, {
      hospitalId,
      specialtyId: existing.specialty_id,
      specialtyName: existing.specialty_name,
      actorId: caller.id,
      now,
      wasCovering: intervalCovers(intervalOf(existing), now),
    });
  });
  return readShift(db, hospitalId, shiftId);
}

const intervalCovers = (interval: Interval, at: Date) =>
  interval.start <= at.getTime() && at.getTime() < interval.end;

export async function deleteShift(db: Database, caller: Caller, shiftId: string): Promise<void> {
  const hospitalId = scheduleHospital(caller, true);
  const now = new Date();
  await db.transaction(async (tx) => {
    const existing = await findShift(tx, hospitalId, shiftId, { lock: true });
    if (!existing || !(await deleteShiftRow(tx, hospitalId, shiftId))) {
      throw notFound(scheduleDetails.shiftNotFound);
    }
    await notifyIfCoverageLost(tx, {
      hospitalId,
      specialtyId: existing.specialty_id,
      specialtyName: existing.specialty_name,
      actorId: caller.id,
      now,
      wasCovering: intervalCovers(intervalOf(existing), now),
    });
  });
}
