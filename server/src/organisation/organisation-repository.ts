// The organisation's tables: hospital systems, their hospitals and specialty catalogue, each hospital's case
// settings (acknowledgement times, the display-number counter), its clinical targets.
import type { Specialty, Urgency } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';

export interface HospitalSystemRecord {
  readonly id: string;
  readonly name: string;
}

export interface HospitalRecord {
  readonly id: string;
  readonly hospitalSystemId: string;
  readonly name: string;
  readonly shortCode: string;
  readonly timeZone: string;
}

/** Writes the hospital system unless one with its id or name exists. */
export async function insertHospitalSystem(db: Queryable, system: HospitalSystemRecord): Promise<void> {
  await db.query('insert into hospital_systems (id, name) values ($1, $2) on conflict do nothing', [
    system.id,
    system.name,
  ]);
}

/** Writes the hospital unless one with its id, or its name or short code in its system, exists. */
export async function insertHospital(db: Queryable, hospital: HospitalRecord): Promise<void> {
  await db.query(
    `insert into hospitals (id, hospital_system_id, name, short_code, time_zone)
     values ($1, $2, $3, $4, $5) on conflict do nothing`,
    [hospital.id, hospital.hospitalSystemId, hospital.name, hospital.shortCode, hospital.timeZone],
  );
}

export async function findHospital(
  db: Queryable,
  hospitalId: string,
): Promise<{ id: string; hospitalSystemId: string } | undefined> {
  const [row] = await db.query<{ id: string; hospital_system_id: string }>(
    'select id, hospital_system_id from hospitals where id = $1',
    [hospitalId],
  );
  return row && { id: row.id, hospitalSystemId: row.hospital_system_id };
}

/** The names of a user's hospital system and hospital; undefined when the system does not exist. */
export async function readOrganisationOf(
  db: Queryable,
  hospitalSystemId: string,
  hospitalId: string | null,
): Promise<
  | {
      hospitalSystem: { id: string; name: string };
      hospital: { id: string; name: string; timeZone: string } | null;
    }
  | undefined
> {
  const [row] = await db.query<{
    hospital_system_id: string;
    hospital_system_name: string;
    hospital_id: string | null;
    hospital_name: string | null;
    hospital_time_zone: string | null;
  }>(
    `select s.id as hospital_system_id, s.name as hospital_system_name,
            h.id as hospital_id, h.name as hospital_name, h.time_zone as hospital_time_zone
     from hospital_systems s left join hospitals h on h.id = $2 and h.hospital_system_id = s.id
     where s.id = $1`,
    [hospitalSystemId, hospitalId],
  );
  if (!row) return undefined;
  return {
    hospitalSystem: { id: row.hospital_system_id, name: row.hospital_system_name },
    hospital:
      row.hospital_id !== null && row.hospital_name !== null && row.hospital_time_zone !== null
        ? { id: row.hospital_id, name: row.hospital_name, timeZone: row.hospital_time_zone }
        : null,
  };
}

/** Writes the specialty unless one with its id, or its name in its system, exists. */
export async function insertSpecialty(
  db: Queryable,
  specialty: { readonly id: string; readonly hospitalSystemId: string; readonly name: string },
): Promise<void> {
  await db.query(
    'insert into specialties (id, hospital_system_id, name) values ($1, $2, $3) on conflict do nothing',
    [specialty.id, specialty.hospitalSystemId, specialty.name],
  );
}

/** The hospital system's catalogue by name, without retired specialties (no longer offered). */
export async function listSpecialties(db: Queryable, hospitalSystemId: string): Promise<Specialty[]> {
  // Collation "C" on lower(name): the same order on PGlite and on any PostgreSQL server's locale.
  return db.query<{ id: string; name: string }>(
    `select id, name from specialties where hospital_system_id = $1 and retired_at is null
       order by lower(name) collate "C", id`,
    [hospitalSystemId],
  );
}

/** An active specialty of the system: a retired one is no longer offered for new cases. */
export async function findSpecialty(
  db: Queryable,
  specialtyId: string,
  hospitalSystemId: string,
): Promise<Specialty | undefined> {
  const [row] = await db.query<{ id: string; name: string }>(
    'select id, name from specialties where id = $1 and hospital_system_id = $2 and retired_at is null',
    [specialtyId, hospitalSystemId],
  );
  return row;
}

/** Which of `names` are specialties of the hospital system. */
export async function knownSpecialtyNames(
  db: Queryable,
  hospitalSystemId: string,
  names: readonly string[],
): Promise<Set<string>> {
  const rows = await db.query<{ name: string }>(
    'select name from specialties where hospital_system_id = $1 and name = any($2::text[]) and retired_at is null',
    [hospitalSystemId, names],
  );
  return new Set(rows.map((row) => row.name));
}

/** A hospital's acknowledgement time per urgency and re-alert interval, in seconds. */
export interface AckSettings {
  readonly ackSeconds: { readonly emergent: number; readonly urgent: number; readonly routine: number };
  readonly realertSeconds: number;
}

interface AckSettingsRow {
  ack_seconds_emergent: number;
  ack_seconds_urgent: number;
  ack_seconds_routine: number;
  realert_seconds: number;
  [column: string]: unknown;
}

function toAckSettings(row: AckSettingsRow): AckSettings {
  return {
    ackSeconds: {
      emergent: row.ack_seconds_emergent,
      urgent: row.ack_seconds_urgent,
      routine: row.ack_seconds_routine,
    },
    realertSeconds: row.realert_seconds,
  };
}

/** The hospital's own settings; undefined when it has none (the defaults apply). */
export async function readAckSettings(db: Queryable, hospitalId: string): Promise<AckSettings | undefined> {
  const [row] = await db.query<AckSettingsRow>(
    `select ack_seconds_emergent, ack_seconds_urgent, ack_seconds_routine, realert_seconds
     from hospital_case_settings where hospital_id = $1`,
    [hospitalId],
  );
  return row && toAckSettings(row);
}

/**
 * Counts a new case of the hospital: its number, the hospital's short code and its settings. The row stays
 * locked until the transaction ends, which serialises case creation per hospital and keeps numbers gap-free.
 */
export async function takeNextCaseNumber(
  tx: Queryable,
  hospitalId: string,
): Promise<{ caseNumber: number; shortCode: string; settings: AckSettings }> {
  const [row] = await tx.query<AckSettingsRow & { last_case_number: number; short_code: string }>(
    `insert into hospital_case_settings as s (hospital_id, last_case_number) values ($1, 1)
     on conflict (hospital_id) do update set last_case_number = s.last_case_number + 1
     returning s.last_case_number, s.ack_seconds_emergent, s.ack_seconds_urgent, s.ack_seconds_routine,
       s.realert_seconds, (select short_code from hospitals where id = $1) as short_code`,
    [hospitalId],
  );
  if (!row) throw new Error(`No settings row for hospital ${hospitalId}`);
  return { caseNumber: row.last_case_number, shortCode: row.short_code, settings: toAckSettings(row) };
}

/** Moves the hospital's case counter up to `caseNumber` when it is behind (cases written with their number). */
export async function raiseLastCaseNumber(
  tx: Queryable,
  hospitalId: string,
  caseNumber: number,
): Promise<void> {
  await tx.query(
    `insert into hospital_case_settings as s (hospital_id, last_case_number) values ($1, $2)
     on conflict (hospital_id) do update set last_case_number = greatest(s.last_case_number, $2)`,
    [hospitalId, caseNumber],
  );
}

/** A hospital's clinical target for a specialty and urgency: accept within so many seconds. */
export interface ClinicalTarget {
  readonly hospitalId: string;
  readonly specialtyId: string;
  readonly urgency: Urgency;
  readonly acceptWithinSeconds: number;
}

export async function upsertClinicalTarget(db: Queryable, target: ClinicalTarget): Promise<void> {
  await db.query(
    `insert into clinical_targets (hospital_id, specialty_id, urgency, accept_within_seconds)
     values ($1, $2, $3, $4)
     on conflict (hospital_id, specialty_id, urgency) do update set accept_within_seconds = excluded.accept_within_seconds`,
    [target.hospitalId, target.specialtyId, target.urgency, target.acceptWithinSeconds],
  );
}

/** The target's seconds; undefined where the hospital set none for the specialty and urgency. */
export async function readClinicalTargetSeconds(
  db: Queryable,
  hospitalId: string,
  specialtyId: string,
  urgency: Urgency,
): Promise<number | undefined> {
  const [row] = await db.query<{ accept_within_seconds: number }>(
    `select accept_within_seconds from clinical_targets
     where hospital_id = $1 and specialty_id = $2 and urgency = $3`,
    [hospitalId, specialtyId, urgency],
  );
  return row?.accept_within_seconds;
}

/** Writes the question unless one with its id, or at its position, exists. */
/** The hospital system of this name, if there is one. */
export async function findHospitalSystemByName(
  db: Queryable,
  name: string,
): Promise<HospitalSystemRecord | undefined> {
  const [row] = await db.query<{ id: string; name: string }>(
    'select id, name from hospital_systems where name = $1',
    [name],
  );
  return row;
}
