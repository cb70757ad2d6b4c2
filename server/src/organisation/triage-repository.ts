// The triage assessments of a hospital: per specialty, numbered versions of an ordered list of questions.
// The highest version is the current one; a case names the version it was answered with.
import type { TriageAssessment, TriageQuestion } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';

export interface AssessmentVersion {
  readonly version: number;
  readonly createdAt: string;
  readonly questions: TriageQuestion[];
}

/** A stored question as the contract shows it: the fields of its kind, and only those. */
export function toQuestion(stored: Record<string, unknown>): TriageQuestion {
  const kind = stored['kind'] as TriageQuestion['kind'];
  const question: TriageQuestion = {
    id: String(stored['id']),
    kind,
    label: String(stored['label']),
    required: stored['required'] === true,
  };
  if (kind === 'number') {
    return {
      ...question,
      unit: typeof stored['unit'] === 'string' ? stored['unit'] : null,
      min: typeof stored['min'] === 'number' ? stored['min'] : null,
      max: typeof stored['max'] === 'number' ? stored['max'] : null,
    };
  }
  if (kind === 'choice') {
    return { ...question, choices: Array.isArray(stored['choices']) ? stored['choices'].map(String) : [] };
  }
  return question;
}

/** Questions as stored: the kind's fields only, no nulls. */
function toStored(questions: readonly TriageQuestion[]): Record<string, unknown>[] {
  return questions.map((question) => {
    const stored: Record<string, unknown> = {
      id: question.id,
      kind: question.kind,
      label: question.label,
      required: question.required,
    };
    if (question.kind === 'number') {
      if (question.unit != null) stored['unit'] = question.unit;
      if (question.min != null) stored['min'] = question.min;
      if (question.max != null) stored['max'] = question.max;
    }
    if (question.kind === 'choice') stored['choices'] = question.choices ?? [];
    return stored;
  });
}

type VersionRow = {
  version: number;
  created_at: string | Date;
  questions: Record<string, unknown>[];
};

function toVersion(row: VersionRow): AssessmentVersion {
  return {
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    questions: row.questions.map(toQuestion),
  };
}

/** The current version of a specialty's assessment at the hospital; undefined when none was ever written. */
export async function readCurrentAssessment(
  db: Queryable,
  hospitalId: string,
  specialtyId: string,
): Promise<AssessmentVersion | undefined> {
  const [row] = await db.query<VersionRow>(
    `select version, created_at, questions from triage_assessment_versions
     where hospital_id = $1 and specialty_id = $2
     order by version desc limit 1`,
    [hospitalId, specialtyId],
  );
  return row && toVersion(row);
}

/**
 * Writes the assessment's next version; false when that version exists already (someone saved first).
 * The primary key decides between two saves of the same version.
 */
export async function insertAssessmentVersion(
  db: Queryable,
  version: {
    readonly hospitalId: string;
    readonly specialtyId: string;
    readonly version: number;
    readonly questions: readonly TriageQuestion[];
    readonly createdBy: string | null;
    readonly createdAt: Date;
  },
): Promise<boolean> {
  const rows = await db.query(
    `insert into triage_assessment_versions (hospital_id, specialty_id, version, questions, created_by, created_at)
     values ($1, $2, $3, $4::jsonb, $5, $6)
     on conflict do nothing
     returning version`,
    [
      version.hospitalId,
      version.specialtyId,
      version.version,
      JSON.stringify(toStored(version.questions)),
      version.createdBy,
      version.createdAt.toISOString(),
    ],
  );
  return rows.length > 0;
}

/**
 * The current assessment of every specialty of the hospital that asks questions, by specialty name; retired
 * specialties are offered for no new case and so left out.
 */
export async function listCurrentAssessments(db: Queryable, hospitalId: string): Promise<TriageAssessment[]> {
  const rows = await db.query<VersionRow & { specialty_id: string; specialty_name: string }>(
    `select s.id as specialty_id, s.name as specialty_name, v.version, v.created_at, v.questions
     from specialties s
     join lateral (
       select version, created_at, questions from triage_assessment_versions
       where hospital_id = $1 and specialty_id = s.id
       order by version desc limit 1
     ) v on true
     where s.retired_at is null and jsonb_array_length(v.questions) > 0
     order by lower(s.name) collate "C", s.id`,
    [hospitalId],
  );
  return rows.map((row) => {
    const version = toVersion(row);
    return {
      specialty: { id: row.specialty_id, name: row.specialty_name },
      version: version.version,
      updatedAt: version.createdAt,
      questions: version.questions,
    };
  });
}
