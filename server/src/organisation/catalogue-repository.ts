// The specialty catalogue as the system administrator edits it: retired specialties included, versioned writes.
import type { CatalogueSpecialty } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';

interface CatalogueRow {
  id: string;
  name: string;
  retired: boolean;
  version: number;
  [column: string]: unknown;
}

const toSpecialty = (row: CatalogueRow): CatalogueSpecialty => ({
  id: row.id,
  name: row.name,
  retired: row.retired,
  version: row.version,
});

/** The whole catalogue of the system by name, or the specialties whose name contains `q`. */
export async function listCatalogue(
  db: Queryable,
  hospitalSystemId: string,
  q: string | undefined,
): Promise<CatalogueSpecialty[]> {
  const rows = await db.query<CatalogueRow>(
    `select id, name, retired_at is not null as retired, version from specialties
     where hospital_system_id = $1 and ($2::text is null or name ilike '%' || $2 || '%')
     order by lower(name) collate "C", id`,
    [hospitalSystemId, q ?? null],
  );
  return rows.map(toSpecialty);
}

export async function readCatalogueSpecialty(
  db: Queryable,
  hospitalSystemId: string,
  specialtyId: string,
): Promise<CatalogueSpecialty | undefined> {
  const [row] = await db.query<CatalogueRow>(
    `select id, name, retired_at is not null as retired, version from specialties
     where id = $1 and hospital_system_id = $2`,
    [specialtyId, hospitalSystemId],
  );
  return row && toSpecialty(row);
}

/** The specialty of the system with this name (case aside), other than `exceptId`. */
export async function findSpecialtyNamed(
  db: Queryable,
  hospitalSystemId: string,
  name: string,
  exceptId: string | null,
): Promise<CatalogueSpecialty | undefined> {
  const [row] = await db.query<CatalogueRow>(
    `select id, name, retired_at is not null as retired, version from specialties
     where hospital_system_id = $1 and lower(name) = lower($2) and id is distinct from $3`,
    [hospitalSystemId, name, exceptId],
  );
  return row && toSpecialty(row);
}

export async function insertCatalogueSpecialty(
  db: Queryable,
  specialty: { readonly id: string; readonly hospitalSystemId: string; readonly name: string },
): Promise<void> {
  await db.query('insert into specialties (id, hospital_system_id, name) values ($1, $2, $3)', [
    specialty.id,
    specialty.hospitalSystemId,
    specialty.name,
  ]);
}

/** Renames or retires the specialty when it is still at `version`; undefined when it moved on. */
export async function updateSpecialtyAtVersion(
  db: Queryable,
  specialtyId: string,
  version: number,
  change: { readonly name: string; readonly retired: boolean },
): Promise<CatalogueSpecialty | undefined> {
  const [row] = await db.query<CatalogueRow>(
    `update specialties set name = $3, version = version + 1,
       retired_at = case when $4::boolean then coalesce(retired_at, now()) else null end
     where id = $1 and version = $2
     returning id, name, retired_at is not null as retired, version`,
    [specialtyId, version, change.name, change.retired],
  );
  return row && toSpecialty(row);
}
