// The users as administrators see and change them: searched, sorted and paged lists, and changes guarded by
// the user's version (a save against an older version writes nothing).
import type { Queryable } from '../db/database.ts';

export interface UserAccountRow {
  readonly id: string;
  readonly displayName: string;
  readonly email: string;
  readonly roles: readonly string[];
  readonly hospitalSystemId: string;
  readonly hospitalId: string | null;
  readonly specialtyTypes: readonly string[];
  readonly phone: string | null;
  readonly pager: string | null;
  readonly active: boolean;
  readonly version: number;
  readonly createdAt: string;
}

interface Row {
  [key: string]: unknown;
  id: string;
  display_name: string;
  email: string;
  roles: string[] | null;
  hospital_system_id: string;
  hospital_id: string | null;
  specialty_types: string[] | null;
  phone: string | null;
  pager: string | null;
  active: boolean;
  version: number;
  created_at: string | Date;
}

const COLUMNS = `id, display_name, email, roles, hospital_system_id, hospital_id, specialty_types, phone, pager,
  active, version, created_at`;

function toAccount(row: Row): UserAccountRow {
  return {
    id: row.id,
    displayName: row.display_name,
    email: row.email,
    roles: row.roles ?? [],
    hospitalSystemId: row.hospital_system_id,
    hospitalId: row.hospital_id,
    specialtyTypes: row.specialty_types ?? [],
    phone: row.phone,
    pager: row.pager,
    active: row.active,
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export type UserSort = 'name' | 'email' | 'createdAt' | 'active';

// Sort keys are chosen from this table, never from the request's text; the id breaks ties, so pages are stable.
const ORDER_BY: Readonly<Record<UserSort, string>> = {
  name: 'lower(display_name)',
  email: 'lower(email)',
  createdAt: 'created_at',
  active: 'active',
};

export interface UserQuery {
  readonly hospitalSystemId: string;
  /** Null: the whole hospital system. */
  readonly hospitalId: string | null;
  readonly q?: string;
  readonly role?: string;
  readonly sort: UserSort;
  readonly descending: boolean;
  readonly offset: number;
  readonly limit: number;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listUserAccounts(
  db: Queryable,
  query: UserQuery,
): Promise<{ items: UserAccountRow[]; total: number }> {
  const where = `hospital_system_id = $1 and ($2::text is null or hospital_id = $2)
    and ($3::text is null or display_name ilike $3 or email ilike $3)
    and ($4::text is null or $4 = any(roles))`;
  const params = [
    query.hospitalSystemId,
    query.hospitalId,
    query.q === undefined ? null : likePattern(query.q.trim()),
    query.role ?? null,
  ];
  const direction = query.descending ? 'desc' : 'asc';
  const rows = await db.query<Row>(
    `select ${COLUMNS} from users where ${where}
     order by ${ORDER_BY[query.sort]} ${direction}, id ${direction} offset $5 limit $6`,
    [...params, query.offset, query.limit],
  );
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from users where ${where}`,
    params,
  );
  return { items: rows.map(toAccount), total: count?.total ?? 0 };
}

export async function findUserAccount(db: Queryable, id: string): Promise<UserAccountRow | undefined> {
  const [row] = await db.query<Row>(`select ${COLUMNS} from users where id = $1`, [id]);
  return row && toAccount(row);
}

export interface UserAccountChange {
  readonly specialtyTypes?: readonly string[];
  readonly phone?: string | null;
  readonly pager?: string | null;
  readonly active?: boolean;
}

/**
 * Applies the change if the user is still at `version`, raising it; undefined (nothing written) when the user
 * is at another version or gone.
 */
export async function updateUserAccount(
  db: Queryable,
  id: string,
  version: number,
  change: UserAccountChange,
): Promise<UserAccountRow | undefined> {
  const [row] = await db.query<Row>(
    `update users set
       specialty_types = coalesce($3::text[], specialty_types),
       phone = case when $4 then $5 else phone end,
       pager = case when $6 then $7 else pager end,
       active = coalesce($8, active),
       deactivated_at = case when $8 = false and active then now() when $8 then null else deactivated_at end,
       version = version + 1,
       updated_at = now()
     where id = $1 and version = $2
     returning ${COLUMNS}`,
    [
      id,
      version,
      change.specialtyTypes === undefined ? null : [...change.specialtyTypes],
      change.phone !== undefined,
      change.phone ?? null,
      change.pager !== undefined,
      change.pager ?? null,
      change.active ?? null,
    ],
  );
  return row && toAccount(row);
}
