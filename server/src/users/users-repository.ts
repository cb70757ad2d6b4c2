// The users table: a new user, their password and profile, and the reads of sign-in, the token check, routing
// and the demo data. An administrator's edits of an account are in user-accounts-repository.ts, and making a
// user a hospital's administrator in organisation/hospitals-repository.ts.
import type { Queryable } from '../db/database.ts';

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
  /** A deactivated user keeps their history but can neither sign in nor call the API. */
  readonly active: boolean;
  /** Raised by every change: a save against an older version is refused. */
  readonly version: number;
  readonly phone: string | null;
  readonly pager: string | null;
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
  active: boolean;
  version: number;
  phone: string | null;
  pager: string | null;
}

const USER_COLUMNS = `id, email, password_hash, display_name, roles, hospital_system_id, hospital_id, specialty_types,
  force_change_password_next_sign_in, active, version, phone, pager`;

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
    active: row.active,
    version: row.version,
    phone: row.phone,
    pager: row.pager,
  };
}

/** Every demo account's id starts so (server/src/demo/users.ts); ids of real accounts are usr_<uuid>. */
export const DEMO_USER_ID_PREFIX = 'usr_demo_';

export function isDemoAccount(userId: string): boolean {
  return userId.startsWith(DEMO_USER_ID_PREFIX);
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserById(db: Queryable, id: string): Promise<UserRecord | undefined> {
  // Every authenticated request runs this: prepared, as the other hot queries are.
  const [row] = await db.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id], {
    prepare: 'user_by_id',
  });
  return row && toRecord(row);
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | undefined> {
  const [row] = await db.query<UserRow>(`select ${USER_COLUMNS} from users where lower(email) = $1`, [
    normaliseEmail(email),
  ]);
  return row && toRecord(row);
}

/** The user an external authority knows by its tenant (tid) and object id (oid). */
export async function findUserByExternalIdentity(
  db: Queryable,
  tenantId: string,
  objectId: string,
): Promise<UserRecord | undefined> {
  const [row] = await db.query<UserRow>(
    `select ${USER_COLUMNS} from users where external_tenant_id = $1 and external_object_id = $2`,
    [tenantId, objectId],
  );
  return row && toRecord(row);
}

/**
 * Binds the account to the external identity, once: false when it is bound to another identity already (or
 * the identity to another account), and then nothing changes.
 */
export async function bindExternalIdentity(
  db: Queryable,
  userId: string,
  tenantId: string,
  objectId: string,
): Promise<boolean> {
  const rows = await db.query(
    `update users set external_tenant_id = $2, external_object_id = $3
     where id = $1 and external_object_id is null
       and not exists (select 1 from users where external_tenant_id = $2 and external_object_id = $3)
     returning id`,
    [userId, tenantId, objectId],
  );
  return rows.length > 0;
}

/** Which of `emails` belong to a user already, lower-cased. */
export async function existingEmails(db: Queryable, emails: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ email: string }>(
    'select lower(email) as email from users where lower(email) = any($1::text[])',
    [emails],
  );
  return new Set(rows.map((row) => row.email));
}

/** The ids of the hospital's active users with `role` (and, when given, this specialty type), in id order. */
export async function userIdsWithRole(
  db: Queryable,
  hospitalId: string,
  role: string,
  specialtyType?: string,
): Promise<string[]> {
  const rows =
    specialtyType === undefined
      ? await db.query<{ id: string }>(
          'select id from users where hospital_id = $1 and active and $2 = any(roles) order by id',
          [hospitalId, role],
        )
      : await db.query<{ id: string }>(
          'select id from users where hospital_id = $1 and active and $2 = any(roles) and $3 = any(specialty_types) order by id',
          [hospitalId, role, specialtyType],
        );
  return rows.map((row) => row.id);
}

export interface NewUser extends Omit<UserRecord, 'active' | 'version' | 'phone' | 'pager'> {
  readonly phone: string | null;
  readonly pager?: string | null;
  /** The administrator who created the user; null for users the server made itself. */
  readonly createdBy: string | null;
}

/** Writes the user; false when a user with its email (or id) exists already, and nothing was written. */
export async function insertUser(db: Queryable, user: NewUser): Promise<boolean> {
  const inserted = await db.query(
    `insert into users (id, email, password_hash, display_name, roles, hospital_system_id, hospital_id,
       specialty_types, phone, force_change_password_next_sign_in, created_by, pager)
     values ($1, $2, $3, $4, $5::text[], $6, $7, $8::text[], $9, $10, $11, $12)
     on conflict do nothing
     returning id`,
    [
      user.id,
      user.email,
      user.passwordHash,
      user.displayName,
      [...user.roles],
      user.hospitalSystemId,
      user.hospitalId,
      [...user.specialtyTypes],
      user.phone,
      user.forceChangePassword,
      user.createdBy,
      user.pager ?? null,
    ],
  );
  return inserted.length > 0;
}

export async function setPassword(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db.query(
    'update users set password_hash = $2, force_change_password_next_sign_in = false where id = $1',
    [id, passwordHash],
  );
}

/** A rehash at sign-in: replaces the hash only if it is still the one that was checked. */
export async function replacePasswordHash(
  db: Queryable,
  id: string,
  checkedHash: string,
  passwordHash: string,
): Promise<void> {
  await db.query('update users set password_hash = $3 where id = $1 and password_hash = $2', [
    id,
    checkedHash,
    passwordHash,
  ]);
}

/** Gives every demo account this password hash (a production server's generated demo password). */
export async function setDemoAccountsPassword(db: Queryable, passwordHash: string): Promise<void> {
  await db.query('update users set password_hash = $1 where starts_with(id, $2)', [
    passwordHash,
    DEMO_USER_ID_PREFIX,
  ]);
}

/** How many accounts there are, demo accounts apart. */
export async function countRealAccounts(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*)::int as count from users where not starts_with(id, $1)',
    [DEMO_USER_ID_PREFIX],
  );
  return row?.count ?? 0;
}

/** Whether any account but the demo ones has this role. */
export async function realAccountWithRoleExists(db: Queryable, role: string): Promise<boolean> {
  const rows = await db.query(
    'select 1 from users where $1 = any(roles) and not starts_with(id, $2) limit 1',
    [role, DEMO_USER_ID_PREFIX],
  );
  return rows.length > 0;
}

export interface OwnSettings {
  readonly displayName: string;
  readonly email: string;
  readonly phone: string | null;
  readonly sound: boolean;
  readonly toasts: boolean;
  /** An undelivered offer goes by SMS to their phone. */
  readonly smsFallback: boolean;
  readonly version: number;
  /** The embedded identity provider keeps a password for the user. */
  readonly hasPassword: boolean;
}

/** The user's own settings: profile, notification preferences and version. */
export async function readOwnSettings(db: Queryable, id: string): Promise<OwnSettings | undefined> {
  const [row] = await db.query<{
    display_name: string;
    email: string;
    phone: string | null;
    notify_sound: boolean;
    notify_toasts: boolean;
    sms_fallback: boolean;
    version: number;
    has_password: boolean;
  }>(
    `select display_name, email, phone, notify_sound, notify_toasts, sms_fallback, version,
       password_hash is not null as has_password
     from users where id = $1`,
    [id],
  );
  return (
    row && {
      displayName: row.display_name,
      email: row.email,
      phone: row.phone,
      sound: row.notify_sound,
      toasts: row.notify_toasts,
      smsFallback: row.sms_fallback,
      version: row.version,
      hasPassword: row.has_password,
    }
  );
}

/** Changes the user's own settings if still at `version`, raising it; false when the version moved on. */
export async function updateOwnSettings(
  db: Queryable,
  id: string,
  version: number,
  change: {
    readonly displayName: string;
    readonly phone: string | null;
    readonly sound: boolean;
    readonly toasts: boolean;
    readonly smsFallback: boolean;
  },
): Promise<boolean> {
  const rows = await db.query(
    `update users set display_name = $3, phone = $4, notify_sound = $5, notify_toasts = $6, sms_fallback = $7,
       version = version + 1, updated_at = now()
     where id = $1 and version = $2
     returning id`,
    [id, version, change.displayName, change.phone, change.sound, change.toasts, change.smsFallback],
  );
  return rows.length > 0;
}
