// The hospitals at a glance: open cases, and the staffed specialties no on-call shift covers at a moment.
import type { HospitalOverview } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';

/**
 * One row per hospital of the system (or only `hospitalId`), by name. A specialty is staffed at a hospital
 * when a specialist there has it or a shift of it exists there; uncovered when no shift covers `at`.
 */
export async function readOverview(
  db: Queryable,
  hospitalSystemId: string,
  hospitalId: string | null,
  at: Date,
): Promise<HospitalOverview[]> {
  const rows = await db.query<{
    id: string;
    name: string;
    short_code: string;
    open_cases: number;
    uncovered: { id: string; name: string }[] | null;
  }>(
    `select h.id, h.name, h.short_code,
       (select count(*)::int from cases c
          where c.hospital_id = h.id and c.status in ('pending', 'escalated', 'accepted', 'responded')) as open_cases,
       (select jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name) order by lower(s.name) collate "C", s.id)
          from specialties s
          where s.hospital_system_id = h.hospital_system_id and s.retired_at is null
            and (exists (select 1 from users u where u.hospital_id = h.id and 'specialist' = any(u.roles)
                           and s.name = any(u.specialty_types))
                 or exists (select 1 from on_call_shifts f where f.hospital_id = h.id and f.specialty_id = s.id))
            and not exists (select 1 from on_call_shifts f where f.hospital_id = h.id and f.specialty_id = s.id
                              and f.starts_at <= $3 and f.ends_at > $3)) as uncovered
     from hospitals h
     where h.hospital_system_id = $1 and ($2::text is null or h.id = $2)
     order by lower(h.name) collate "C", h.id`,
    [hospitalSystemId, hospitalId, at.toISOString()],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    shortCode: row.short_code,
    openCases: row.open_cases,
    uncoveredSpecialties: row.uncovered ?? [],
  }));
}
