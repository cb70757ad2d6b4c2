// The triage assessments a new case answers: per specialty, at a hospital, in numbered versions. Everyone of
// the hospital reads them; its administrator (role hospital) saves a specialty's questions as the next
// version, refused when stale (409) or when it cannot be answered (422). A save that changes nothing writes
// nothing; every other save is audited with what it changed.
import type { TriageAssessment, TriageAssessmentSave } from '../../../generated/types.gen.ts';
import { recordAdminChange } from '../audit/admin-audit-repository.ts';
import type { Actor, Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { assessmentProblems, normaliseQuestion } from '../domain/triage.ts';
import { assessmentDiff, sameQuestions } from '../domain/triage-diff.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../errors.ts';
import { findHospital, findSpecialty } from '../organisation/organisation-repository.ts';
import {
  insertAssessmentVersion,
  listCurrentAssessments,
  readCurrentAssessment,
} from '../organisation/triage-repository.ts';

export const triageDetails = {
  hospitalRequired: 'Name the hospital (hospitalId): your account belongs to no single hospital',
  hospitalNotFound: 'Hospital not found',
  specialtyNotFound: 'Specialty not found',
  adminOnly: "Only the hospital's administrator edits its triage assessments",
  stale:
    'Someone else saved this triage assessment while you were editing it. Reload to see their version, then make your change again.',
} as const;

/** The hospital whose assessments the caller reads: its own, or for hospital-system users one they name. */
async function hospitalRead(db: Queryable, caller: Caller, hospitalId: string | undefined): Promise<string> {
  let hospital = caller.hospitalId;
  if (hospitalId !== undefined && hospitalId !== caller.hospitalId) {
    // Hospital-system users may name any hospital of their system; everyone else only their own.
    const named = caller.hospitalId === null ? await findHospital(db, hospitalId) : undefined;
    if (named?.hospitalSystemId !== caller.hospitalSystemId) throw notFound(triageDetails.hospitalNotFound);
    hospital = named.id;
  }
  if (hospital === null) throw badRequest(triageDetails.hospitalRequired);
  return hospital;
}

export async function listTriageAssessments(
  db: Queryable,
  caller: Caller,
  hospitalId: string | undefined,
): Promise<TriageAssessment[]> {
  return listCurrentAssessments(db, await hospitalRead(db, caller, hospitalId));
}

export async function getTriageAssessment(
  db: Queryable,
  caller: Caller,
  specialtyId: string,
  hospitalId: string | undefined,
): Promise<TriageAssessment> {
  const hospital = await hospitalRead(db, caller, hospitalId);
  const specialty = await findSpecialty(db, specialtyId, caller.hospitalSystemId);
  if (!specialty) throw notFound(triageDetails.specialtyNotFound);
  const current = await readCurrentAssessment(db, hospital, specialty.id);
  return {
    specialty,
    version: current?.version ?? 0,
    updatedAt: current?.createdAt ?? null,
    questions: current?.questions ?? [],
  };
}

export async function saveTriageAssessment(
  db: Database,
  actor: Actor,
  specialtyId: string,
  body: TriageAssessmentSave,
): Promise<TriageAssessment> {
  const { caller } = actor;
  const hospitalId = caller.hospitalId;
  if (!caller.roles.includes('hospital') || hospitalId === null) throw forbidden(triageDetails.adminOnly);
  const specialty = await findSpecialty(db, specialtyId, caller.hospitalSystemId);
  if (!specialty) throw notFound(triageDetails.specialtyNotFound);
  const questions = body.questions.map(normaliseQuestion);
  const problems = assessmentProblems(questions);
  if (problems.length > 0) throw new HttpError(422, problems);

  const before = await readCurrentAssessment(db, hospitalId, specialty.id);
  if ((before?.version ?? 0) !== body.version) throw conflict(triageDetails.stale);
  // The same questions again (a second click, a form saved untouched): no new version, no audit entry.
  if (before && sameQuestions(before.questions, questions)) {
    return { specialty, version: before.version, updatedAt: before.createdAt, questions: before.questions };
  }
  if (!before && questions.length === 0) return { specialty, version: 0, updatedAt: null, questions: [] };
  const at = new Date();
  const version = body.version + 1;
  return db.transaction(async (tx) => {
    const written = await insertAssessmentVersion(tx, {
      hospitalId,
      specialtyId: specialty.id,
      version,
      questions,
      createdBy: caller.id,
      createdAt: at,
    });
    if (!written) throw conflict(triageDetails.stale);
    // The difference, not both versions: each version is kept whole in its own table already.
    const diff = assessmentDiff(
      { version: before?.version ?? 0, questions: before?.questions ?? [] },
      {
        version,
        questions,
      },
    );
    await recordAdminChange(tx, {
      actorId: caller.id,
      at,
      address: actor.address,
      action: 'triage_assessment.save',
      hospitalSystemId: caller.hospitalSystemId,
      hospitalId,
      targetType: 'triage_assessment',
      targetId: specialty.id,
      before: before ? { ...diff.before } : null,
      after: { ...diff.after },
    });
    return { specialty, version, updatedAt: at.toISOString(), questions };
  });
}
