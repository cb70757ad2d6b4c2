// The triage assessments a new case answers: per specialty, at the caller's hospital.
import type { TriageAssessment } from '../../../generated/types.gen.ts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest, notFound } from '../errors.ts';
import { readTriageQuestions } from './service.ts';

export const triageDetails = {
  hospitalRequired: 'Name the hospital (hospitalId): your account belongs to no single hospital',
  hospitalNotFound: 'Hospital not found',
} as const;

export async function listTriageAssessments(
  db: Queryable,
  caller: Caller,
  hospitalId: string | undefined,
): Promise<TriageAssessment[]> {
  let hospital = caller.hospitalId;
  if (hospitalId !== undefined && hospitalId !== caller.hospitalId) {
    // Hospital-system users may name any hospital of their system; everyone else only their own.
    const [row] =
      caller.hospitalId === null
        ? await db.query<{ id: string }>(
            'select id from hospitals where id = $1 and hospital_system_id = $2',
            [hospitalId, caller.hospitalSystemId],
          )
        : [];
    if (!row) throw notFound(triageDetails.hospitalNotFound);
    hospital = row.id;
  }
  if (hospital === null) throw badRequest(triageDetails.hospitalRequired);
  const specialties = await db.query<{ id: string; name: string }>(
    `select s.id, s.name from specialties s
     where exists (select 1 from triage_questions q where q.hospital_id = $1 and q.specialty_id = s.id)
     order by lower(s.name) collate "C", s.id`,
    [hospital],
  );
  const assessments: TriageAssessment[] = [];
  for (const specialty of specialties) {
    assessments.push({ specialty, questions: await readTriageQuestions(db, hospital, specialty.id) });
  }
  return assessments;
}
