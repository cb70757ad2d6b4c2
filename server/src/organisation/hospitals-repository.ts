// The hospitals as their system administrator edits them: the searchable page, one hospital with its
// acknowledgement times, clinical targets and administrators, and the versioned writes.
import type { Urgency } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';

export interface HospitalListQuery {
  readonly q?: string;
  readonly sort: 'name' | 'shortCode' | 'timeZone';
  readonly order: 'asc' | 'desc';
  readonly page: number;
  readonly pageSize: number;
}

export interface HospitalRow {
  readonly id: string;
  readonly name: string;
  readonly shortCode: string;
  readonly timeZone: string;
  readonly adminCount: number;
  readonly version: number;
}

const SORT_COLUMNS: Record<HospitalListQuery['sort'], string> = {
  name: 'lower(h.name) collate "C"',
  shortCode: 'h.short_code collate "C"',
  timeZone: 'h.time_zone collate "C"',
};

/** A page of the system's hospitals, with how many match in all. */
export async function pageHospitals(
  db: Queryable,
  hospitalSystemId: string,
  query: HospitalListQuery,
): Promise<{ items: HospitalRow[]; total: number }> {
  const direction = query.order === 'desc' ? 'desc' : 'asc';
  // The search is a parameter; only the whitelisted sort column and direction reach the SQL text.
  const rows = await db.query<{
    id: string;
    name: string;
    short_code: string;
    time_zone: string;
    version: number;
    admin_count: number;
    total: number;
  }>(
    `select h.id, h.name, h.short_code, h.time_zone, h.version,
            (select count(*)::int from users u where u.hospital_id = h.id and 'hospital' = any(u.roles)) as admin_count,
            count(*) over ()::int as total
     from hospitals h
     where h.hospital_system_id = $1
       and ($2::text is null or h.name ilike '%' || $2 || '%' or h.short_code like upper($2) || '%')
     order by ${SORT_COLUMNS[query.sort]} ${direction}, h.id ${direction}
     limit $3 offset $4`,
    [hospitalSystemId, query.q ?? null, query.pageSize, (query.page - 1) * query.pageSize],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the last page: still say how many there are.
    const [count] = await db.query<{ total: number }>(
      `select count(*)::int as total from hospitals h where h.hospital_system_id = $1
         and ($2::text is null or h.name ilike '%' || $2 || '%' or h.short_code like upper($2) || '%')`,
      [hospitalSystemId, query.q ?? null],
    );
    total = count?.total ?? 0;
  }
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      shortCode: row.short_code,
      timeZone: row.time_zone,
      adminCount: row.admin_count,
      version: row.version,
    })),
    total,
  };
}

export interface HospitalDetail {
  readonly id: string;
  readonly hospitalSystemId: string;
  readonly name: string;
  readonly shortCode: string;
  readonly timeZone: string;
  readonly switchboardPhone: string | null;
  readonly version: number;
  readonly ackSeconds: { readonly emergent: number; readonly urgent: number; readonly routine: number };
  /** How long an offer may stay undelivered before it goes by SMS, per urgency (seconds). */
  readonly smsAfterSeconds: { readonly emergent: number; readonly urgent: number; readonly routine: number };
  readonly clinicalTargets: readonly { specialtyId: string; urgency: Urgency; seconds: number }[];
  readonly admins: readonly { id: string; displayName: string; email: string }[];
}

/** The hospital with its settings (the defaults where it has none) and administrators. */
export async function readHospitalDetail(
  db: Queryable,
  hospitalId: string,
): Promise<HospitalDetail | undefined> {
  const [row] = await db.query<{
    id: string;
    hospital_system_id: string;
    name: string;
    short_code: string;
    time_zone: string;
    switchboard_phone: string | null;
    version: number;
    ack_seconds_emergent: number;
    ack_seconds_urgent: number;
    ack_seconds_routine: number;
    sms_emergent: number;
    sms_urgent: number;
    sms_routine: number;
  }>(
    `select h.id, h.hospital_system_id, h.name, h.short_code, h.time_zone, h.switchboard_phone, h.version,
            coalesce(s.ack_seconds_emergent, 300) as ack_seconds_emergent,
            coalesce(s.ack_seconds_urgent, 900) as ack_seconds_urgent,
            coalesce(s.ack_seconds_routine, 3600) as ack_seconds_routine,
            coalesce(s.sms_after_seconds_emergent, 60) as sms_emergent,
            coalesce(s.sms_after_seconds_urgent, 120) as sms_urgent,
            coalesce(s.sms_after_seconds_routine, 300) as sms_routine
     from hospitals h left join hospital_case_settings s on s.hospital_id = h.id
     where h.id = $1`,
    [hospitalId],
  );
  if (!row) return undefined;
  const targets = await db.query<{ specialty_id: string; urgency: Urgency; accept_within_seconds: number }>(
    `select t.specialty_id, t.urgency, t.accept_within_seconds
     from clinical_targets t join specialties s on s.id = t.specialty_id
     where t.hospital_id = $1
     order by lower(s.name) collate "C", array_position(array['emergent','urgent','routine'], t.urgency)`,
    [hospitalId],
  );
  const admins = await db.query<{ id: string; display_name: string; email: string }>(
    `select id, display_name, email from users where hospital_id = $1 and 'hospital' = any(roles)
     order by lower(display_name) collate "C", id`,
    [hospitalId],
  );
  return {
    id: row.id,
    hospitalSystemId: row.hospital_system_id,
    name: row.name,
    shortCode: row.short_code,
    timeZone: row.time_zone,
    switchboardPhone: row.switchboard_phone,
    version: row.version,
    ackSeconds: {
      emergent: row.ack_seconds_emergent,
      urgent: row.ack_seconds_urgent,
      routine: row.ack_seconds_routine,
    },
    smsAfterSeconds: { emergent: row.sms_emergent, urgent: row.sms_urgent, routine: row.sms_routine },
    clinicalTargets: targets.map((target) => ({
      specialtyId: target.specialty_id,
      urgency: target.urgency,
      seconds: target.accept_within_seconds,
    })),
    admins: admins.map((admin) => ({ id: admin.id, displayName: admin.display_name, email: admin.email })),
  };
}

/** Which hospital of the system already uses this name or short code (other than `exceptId`). */
export async function findHospitalClash(
  db: Queryable,
  hospitalSystemId: string,
  fields: { readonly name: string; readonly shortCode: string },
  exceptId: string | null,
): Promise<{ name: string; shortCode: string; field: 'name' | 'shortCode' } | undefined> {
  const [row] = await db.query<{ name: string; short_code: string }>(
    `select name, short_code from hospitals
     where hospital_system_id = $1 and (lower(name) = lower($2) or short_code = $3) and id is distinct from $4
     order by (short_code = $3) desc limit 1`,
    [hospitalSystemId, fields.name, fields.shortCode, exceptId],
  );
  if (!row) return undefined;
  return {
    name: row.name,
    shortCode: row.short_code,
    field: row.short_code === fields.shortCode ? 'shortCode' : 'name',
  };
}

export interface HospitalFields {
  readonly name: string;
  readonly shortCode: string;
  readonly timeZone: string;
}

export async function insertNewHospital(
  tx: Queryable,
  hospital: HospitalFields & { readonly id: string; readonly hospitalSystemId: string },
): Promise<void> {
  await tx.query(
    `insert into hospitals (id, hospital_system_id, name, short_code, time_zone) values ($1, $2, $3, $4, $5)`,
    [hospital.id, hospital.hospitalSystemId, hospital.name, hospital.shortCode, hospital.timeZone],
  );
}

/** Writes the fields when the hospital is still at `version`; false when it moved on (nothing written). */
export async function updateHospitalAtVersion(
  tx: Queryable,
  hospitalId: string,
  version: number,
  fields: HospitalFields,
): Promise<boolean> {
  const rows = await tx.query(
    `update hospitals set name = $3, short_code = $4, time_zone = $5, version = version + 1
     where id = $1 and version = $2 returning id`,
    [hospitalId, version, fields.name, fields.shortCode, fields.timeZone],
  );
  return rows.length === 1;
}

export async function writeAckSeconds(
  tx: Queryable,
  hospitalId: string,
  ack: { readonly emergent: number; readonly urgent: number; readonly routine: number },
): Promise<void> {
  await tx.query(
    `insert into hospital_case_settings (hospital_id, ack_seconds_emergent, ack_seconds_urgent, ack_seconds_routine)
     values ($1, $2, $3, $4)
     on conflict (hospital_id) do update set ack_seconds_emergent = excluded.ack_seconds_emergent,
       ack_seconds_urgent = excluded.ack_seconds_urgent, ack_seconds_routine = excluded.ack_seconds_routine`,
    [hospitalId, ack.emergent, ack.urgent, ack.routine],
  );
}

/** The hospital's clinical targets become exactly these. */
export async function replaceClinicalTargets(
  tx: Queryable,
  hospitalId: string,
  targets: readonly { specialtyId: string; urgency: Urgency; seconds: number }[],
): Promise<void> {
  await tx.query('delete from clinical_targets where hospital_id = $1', [hospitalId]);
  for (const target of targets) {
    await tx.query(
      `insert into clinical_targets (hospital_id, specialty_id, urgency, accept_within_seconds)
       values ($1, $2, $3, $4)`,
      [hospitalId, target.specialtyId, target.urgency, target.seconds],
    );
  }
}

/** Adds the role `hospital` (its administrator) to a user; false when they held it already. */
export async function grantHospitalAdminRole(tx: Queryable, userId: string): Promise<boolean> {
  const rows = await tx.query(
    `update users set roles = array_append(roles, 'hospital')
     where id = $1 and not ('hospital' = any(roles)) returning id`,
    [userId],
  );
  return rows.length === 1;
}

/** Sets the switchboard number (null clears it) and moves the version on; false for an unknown hospital. */
export async function writeSwitchboardPhone(
  tx: Queryable,
  hospitalId: string,
  phone: string | null,
): Promise<boolean> {
  const rows = await tx.query(
    'update hospitals set switchboard_phone = $2, version = version + 1 where id = $1 returning id',
    [hospitalId, phone],
  );
  return rows.length > 0;
}

/** A change of the hospital's settings kept elsewhere moves its version on; false for an unknown hospital. */
export async function bumpHospitalVersion(tx: Queryable, hospitalId: string): Promise<boolean> {
  const rows = await tx.query('update hospitals set version = version + 1 where id = $1 returning id', [
    hospitalId,
  ]);
  return rows.length > 0;
}

/** The hospital's switchboard number, null when none is set. */
export async function readSwitchboardPhone(db: Queryable, hospitalId: string): Promise<string | null> {
  const [row] = await db.query<{ switchboard_phone: string | null }>(
    'select switchboard_phone from hospitals where id = $1',
    [hospitalId],
  );
  return row?.switchboard_phone ?? null;
}
