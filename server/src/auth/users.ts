import type { Queryable } from '../db/database.ts';
import type { User } from '../../../generated/types.gen.ts';

// The users table (0001 migration) as the sign-in, the token check, /me and sign-up read it.

export interface UserRecord {
  readonly id: string;
  readonly email: string;
  /** Null for a user who signs in elsewhere (an external authority). */
  readonly passwordHash: string | null;
  readonly displayName: string;
  readonly roles: readonly string[];
  readonly hospitalSystemId: string;
  readonly hospitalId: string | null;
  readonly specialtyTypes: readonly string[];
  readonly forceChangePassword: boolean;
}

interface UserRow {
  [key: string]: unknown;
  id: string;
  email: string;
  password_hash: string | null;
  display_name: string;
  roles: string[] | null;
  hospital_system_id: string;
  hospital_id: string | null;
  specialty_types: string[] | null;
  force_change_password_next_sign_in: boolean;
}

const USER_COLUMNS = `id, email, password_hash, display_name, roles, hospital_system_id, hospital_id, specialty_types,
  force_change_password_next_sign_in`;

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    displayName: row.display_name,
    roles: row.roles ?? [],
    hospitalSystemId: row.hospital_system_id,
    hospitalId: row.hospital_id,
    specialtyTypes: row.specialty_types ?? [],
    forceChangePassword: row.force_change_password_next_sign_in,
  };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserById(db: Queryable, id: string): Promise<UserRecord | undefined> {
  // Every authenticated request runs this: prepared, as the other hot queries are.
  const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id], {
    prepare: 'user_by_id',
  });
  return row && toRecord(row);
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | undefined> {
  const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = $1`, [
    normaliseEmail(email),
  ]);
  return row && toRecord(row);
}

export async function setPassword(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db.query(
    'UPDATE users SET password_hash = $2, force_change_password_next_sign_in = false WHERE id = $1',
    [id, passwordHash],
  );
}

interface OrganisationRow {
  [key: string]: unknown;
  hospital_system_id: string;
  hospital_system_name: string;
  hospital_id: string | null;
  hospital_name: string | null;
  hospital_time_zone: string | null;
}

/** The contract's User for a user record; roles are the caller's token roles when there is a token. */
export async function toApiUser(
  db: Queryable,
  user: UserRecord,
  roles: readonly string[] = user.roles,
): Promise<User> {
  const [organisation] = await db.query<OrganisationRow>(
    `SELECT s.id AS hospital_system_id, s.name AS hospital_system_name,
            h.id AS hospital_id, h.name AS hospital_name, h.time_zone AS hospital_time_zone
     FROM hospital_systems s LEFT JOIN hospitals h ON h.id = $2 AND h.hospital_system_id = s.id
     WHERE s.id = $1`,
    [user.hospitalSystemId, user.hospitalId],
  );
  if (!organisation) throw new Error(`User ${user.id} belongs to no hospital system`);
  return {
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    roles: [...roles],
    hospitalSystem: { id: organisation.hospital_system_id, name: organisation.hospital_system_name },
    hospital:
      organisation.hospital_id !== null &&
      organisation.hospital_name !== null &&
      organisation.hospital_time_zone !== null
        ? {
            id: organisation.hospital_id,
            name: organisation.hospital_name,
            timeZone: organisation.hospital_time_zone,
          }
        : null,
    specialtyTypes: [...user.specialtyTypes],
  };
}
