// The on-call shifts: who is primary (and backup) for a specialty at a hospital, from when to when.
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

/** Writes the shift unless one with its id exists. */
export async function insertShift(db: Queryable, shift: ShiftRecord): Promise<void> {
  await db.query(
    `insert into on_call_shifts (id, hospital_id, specialty_id, starts_at, ends_at, primary_id, backup_id)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
    [
      shift.id,
      shift.hospitalId,
      shift.specialtyId,
      shift.startsAt.toISOString(),
      shift.endsAt.toISOString(),
      shift.primaryId,
      shift.backupId,
    ],
  );
}

/** The shift covering `at` for the specialty at the hospital (the latest to start, if several overlap). */
export async function findCoveringShift(
  db: Queryable,
  hospitalId: string,
  specialtyId: string,
  at: Date,
): Promise<{ primaryId: string; backupId: string | null } | undefined> {
  const [row] = await db.query<{ primary_id: string; backup_id: string | null }>(
    `select primary_id, backup_id from on_call_shifts
     where hospital_id = $1 and specialty_id = $2 and starts_at <= $3 and ends_at > $3
     order by starts_at desc, id limit 1`,
    [hospitalId, specialtyId, at.toISOString()],
  );
  return row && { primaryId: row.primary_id, backupId: row.backup_id };
}
