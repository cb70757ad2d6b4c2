// The triage assessments a new case answers: per specialty, at the caller's hospital.
import type { TriageAssessment } from '../../../generated/types.gen.ts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest, notFound } from '../errors.ts';
import {
  findHospital,
  readTriageQuestions,
  specialtiesWithTriage,
} from '../organisation/organisation-repository.ts';

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
    const named = caller.hospitalId === null ? await findHospital(db, hospitalId) : undefined;
    if (named?.hospitalSystemId !== caller.hospitalSystemId) throw notFound(triageDetails.hospitalNotFound);
    hospital = named.id;
  }
  if (hospital === null) throw badRequest(triageDetails.hospitalRequired);
  const specialties = await specialtiesWithTriage(db, hospital);
  const assessments: TriageAssessment[] = [];
  for (const specialty of specialties) {
    assessments.push({ specialty, questions: await readTriageQuestions(db, hospital, specialty.id) });
  }
  return assessments;
}
