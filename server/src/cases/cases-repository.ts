// The cases table: a case's state and its life's milestones (its timers: case-timers-repository.ts), and the whole case read with what
// the aggregate's other repositories hold (offers, thread, attachments). Rows become contract objects here.
import type {
  Case,
  CaseStatus,
  CaseSummary,
  Disposition,
  RoutingStep,
  TriageAnswers,
  TriageQuestion,
  Urgency,
  VitalSigns,
} from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { toQuestion } from '../organisation/triage-repository.ts';
import { readAttachmentsOf } from './attachments-repository.ts';
import { readConsultationOf, readMessagesOf, readTimelineOf } from './case-thread-repository.ts';
import { readOffersOf } from './offers-repository.ts';
import { ESCALATES_TO, toEscalationTarget, type EscalatesToColumn } from './escalation-target-repository.ts';

export interface SummaryRow {
  id: string;
  hospital_id: string;
  display_number: string;
  status: CaseStatus;
  urgency: Urgency;
  specialty_id: string;
  specialty_name: string;
  patient_age: number;
  patient_sex: 'female' | 'male' | 'other' | 'unknown';
  patient_mrn: string | null;
  patient_initials: string | null;
  chief_complaint: string;
  door_time: string;
  created_at: string;
  updated_at: string;
  opened_by: string;
  opened_by_name: string;
  assigned_to: string | null;
  assigned_to_name: string | null;
  no_coverage: boolean;
  routing_step: RoutingStep;
  ack_due_at: string | null;
  escalates_to: EscalatesToColumn;
  target_due_at: string;
  offered_to: { id: string; display_name: string; step: RoutingStep }[] | string | null;
  [column: string]: unknown;
}

// Who the case waits on now: its active offers, oldest first (the ER's live board shows them).
const OFFERED_TO = `(select json_agg(json_build_object('id', u.id, 'display_name', u.display_name, 'step', f.step)
    order by f.offered_at, u.display_name, u.id)
  from case_offers f join users u on u.id = f.specialist_id where f.case_id = c.id and f.active) as offered_to`;

export const SUMMARY_COLUMNS = `c.id, c.hospital_id, c.display_number, c.status, c.urgency, c.specialty_id,
  s.name as specialty_name, c.patient_age, c.patient_sex, c.patient_mrn, c.patient_initials, c.chief_complaint,
  c.door_time, c.created_at, c.updated_at, c.opened_by, o.display_name as opened_by_name, c.assigned_to,
  a.display_name as assigned_to_name, c.no_coverage, c.routing_step, c.ack_due_at, c.target_due_at,
  ${OFFERED_TO}, ${ESCALATES_TO}`;

export const SUMMARY_FROM = `cases c join specialties s on s.id = c.specialty_id join users o on o.id = c.opened_by
  left join users a on a.id = c.assigned_to`;

export function toSummary(row: SummaryRow): CaseSummary {
  return {
    id: row.id,
    displayNumber: row.display_number,
    status: row.status,
    urgency: row.urgency,
    specialty: { id: row.specialty_id, name: row.specialty_name },
    patient: {
      age: row.patient_age,
      sex: row.patient_sex,
      mrn: row.patient_mrn,
      initials: row.patient_initials,
    },
    chiefComplaint: row.chief_complaint,
    doorTime: row.door_time,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    openedBy: { id: row.opened_by, displayName: row.opened_by_name },
    assignedTo:
      row.assigned_to === null ? null : { id: row.assigned_to, displayName: row.assigned_to_name ?? '' },
    noCoverage: row.no_coverage,
    routingStep: row.routing_step,
    ackDueAt: row.ack_due_at,
    escalatesTo: toEscalationTarget(row.escalates_to),
    targetDueAt: row.target_due_at,
    offeredTo: offeredTo(row.offered_to),
  };
}

function offeredTo(value: SummaryRow['offered_to']): CaseSummary['offeredTo'] {
  // json columns arrive parsed from pg and PGlite alike; a string only if a driver leaves json as text.
  const rows = typeof value === 'string' ? (JSON.parse(value) as Exclude<typeof value, string>) : value;
  return (rows ?? []).map((row) => ({
    specialist: { id: row.id, displayName: row.display_name },
    step: row.step,
  }));
}

/** One case as the lists show it (the event streams send it with an offer), or undefined. */
export async function readCaseSummary(db: Queryable, caseId: string): Promise<CaseSummary | undefined> {
  const [row] = await db.query<SummaryRow>(`select ${SUMMARY_COLUMNS} from ${SUMMARY_FROM} where c.id = $1`, [
    caseId,
  ]);
  return row === undefined ? undefined : toSummary(row);
}

interface DetailRow extends SummaryRow {
  hospital_name: string;
  hospital_time_zone: string;
  clinical_summary: string | null;
  vitals: VitalSigns;
  triage_answers: TriageAnswers;
  triage_version: number | null;
  triage_questions: Record<string, unknown>[] | null;
  accepted_at: string | null;
  responded_at: string | null;
  closed_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  close_disposition: Disposition | null;
  close_note: string | null;
}

/** The columns access and the state machine need, locked with `for update` when changing the case. */
export interface CaseStateRow {
  id: string;
  hospital_id: string;
  hospital_system_id: string;
  display_number: string;
  status: CaseStatus;
  urgency: Urgency;
  specialty_id: string;
  specialty_name: string;
  opened_by: string;
  assigned_to: string | null;
  routing_step: RoutingStep;
  chief_complaint: string;
  [column: string]: unknown;
}

export const CASE_STATE_COLUMNS = `c.id, c.hospital_id, h.hospital_system_id, c.display_number, c.status, c.urgency,
       c.specialty_id, s.name as specialty_name, c.opened_by, c.assigned_to, c.routing_step, c.chief_complaint`;

export const CASE_STATE_FROM =
  'cases c join hospitals h on h.id = c.hospital_id join specialties s on s.id = c.specialty_id';

export async function readCaseState(
  db: Queryable,
  caseId: string,
  options: { lock: boolean },
): Promise<CaseStateRow | undefined> {
  const [row] = await db.query<CaseStateRow>(
    `select ${CASE_STATE_COLUMNS}
     from ${CASE_STATE_FROM}
     where c.id = $1 ${options.lock ? 'for update of c' : ''}`,
    [caseId],
    { prepare: options.lock ? 'case_state_lock' : 'case_state' },
  );
  return row;
}

export async function loadCase(db: Queryable, caseId: string, mediaUrl: string): Promise<Case | undefined> {
  const [row] = await db.query<DetailRow>(
    `select ${SUMMARY_COLUMNS}, h.name as hospital_name, h.time_zone as hospital_time_zone, c.clinical_summary,
       c.vitals, c.triage_answers, c.accepted_at, c.responded_at, c.closed_at, c.cancelled_at, c.cancel_reason,
       c.close_disposition, c.close_note, c.triage_version, tv.questions as triage_questions
     from ${SUMMARY_FROM} join hospitals h on h.id = c.hospital_id
       left join triage_assessment_versions tv
         on tv.hospital_id = c.hospital_id and tv.specialty_id = c.specialty_id and tv.version = c.triage_version
     where c.id = $1`,
    [caseId],
  );
  if (!row) return undefined;
  const [offers, timeline, messages, consultation, attachments] = await Promise.all([
    readOffersOf(db, caseId),
    readTimelineOf(db, caseId),
    readMessagesOf(db, caseId),
    readConsultationOf(db, caseId),
    readAttachmentsOf(db, caseId, mediaUrl),
  ]);
  return {
    ...toSummary(row),
    hospital: { id: row.hospital_id, name: row.hospital_name, timeZone: row.hospital_time_zone },
    clinicalSummary: row.clinical_summary,
    vitals: row.vitals,
    triageAnswers: row.triage_answers,
    triageVersion: row.triage_version,
    triageQuestions: (row.triage_questions ?? []).map(toQuestion),
    acceptedAt: row.accepted_at,
    respondedAt: row.responded_at,
    closedAt: row.closed_at,
    cancelledAt: row.cancelled_at,
    cancelReason: row.cancel_reason,
    closeDisposition: row.close_disposition,
    closeNote: row.close_note,
    offers,
    timeline,
    messages,
    consultation,
    attachments,
  };
}

/** A new case, or (demo data) one written in a later state of its life. */
export interface NewCase {
  readonly id: string;
  readonly hospitalId: string;
  readonly caseNumber: number;
  readonly displayNumber: string;
  readonly specialtyId: string;
  readonly urgency: Urgency;
  readonly status: CaseStatus;
  readonly patient: {
    readonly age: number;
    readonly sex: SummaryRow['patient_sex'];
    readonly mrn: string | null;
    readonly initials: string | null;
  };
  readonly doorTime: string;
  readonly chiefComplaint: string;
  readonly clinicalSummary: string | null;
  readonly vitals: VitalSigns;
  readonly triageAnswers: TriageAnswers;
  /** The version of the specialty's triage assessment the answers were given to; null when it had none. */
  readonly triageVersion?: number | null;
  readonly openedBy: string;
  readonly idempotencyKey: string | null;
  /** A SHA-256 of the body the key came with. */
  readonly idempotencyFingerprint?: string | null;
  readonly routingStep: RoutingStep;
  readonly createdAt: string;
  /** When a specialist should have accepted: the clinical target, else the acknowledgement time. */
  readonly targetDueAt: string;
  readonly updatedAt: string;
  readonly assignedTo?: string | null;
  readonly ackDueAt?: string | null;
  readonly realertDueAt?: string | null;
  readonly acceptedAt?: string | null;
  readonly respondedAt?: string | null;
  readonly closedAt?: string | null;
  readonly cancelledAt?: string | null;
  readonly cancelReason?: string | null;
  readonly closeDisposition?: Disposition | null;
}

/** Writes the case; false when its opener already opened a case with its idempotency key. */
export async function insertCase(db: Queryable, created: NewCase): Promise<boolean> {
  const inserted = await db.query(
    `insert into cases (id, hospital_id, case_number, display_number, specialty_id, urgency, status, patient_age,
       patient_sex, patient_mrn, patient_initials, door_time, chief_complaint, clinical_summary, vitals,
       triage_answers, opened_by, idempotency_key, routing_step, created_at, updated_at, assigned_to, ack_due_at,
       realert_due_at, accepted_at, responded_at, closed_at, cancelled_at, cancel_reason, close_disposition,
       target_due_at, idempotency_fingerprint, triage_version)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
       $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33)
     on conflict (opened_by, idempotency_key) do nothing
     returning id`,
    [
      created.id,
      created.hospitalId,
      created.caseNumber,
      created.displayNumber,
      created.specialtyId,
      created.urgency,
      created.status,
      created.patient.age,
      created.patient.sex,
      created.patient.mrn,
      created.patient.initials,
      created.doorTime,
      created.chiefComplaint,
      created.clinicalSummary,
      JSON.stringify(created.vitals),
      JSON.stringify(created.triageAnswers),
      created.openedBy,
      created.idempotencyKey,
      created.routingStep,
      created.createdAt,
      created.updatedAt,
      created.assignedTo ?? null,
      created.ackDueAt ?? null,
      created.realertDueAt ?? null,
      created.acceptedAt ?? null,
      created.respondedAt ?? null,
      created.closedAt ?? null,
      created.cancelledAt ?? null,
      created.cancelReason ?? null,
      created.closeDisposition ?? null,
      created.targetDueAt,
      created.idempotencyFingerprint ?? null,
      created.triageVersion ?? null,
    ],
  );
  return inserted.length > 0;
}

/**
 * The case its opener opened with this idempotency key since `since` (older keys have expired), and the
 * fingerprint of the body it came with.
 */
export async function findCaseByIdempotencyKey(
  db: Queryable,
  openedBy: string,
  key: string,
  since: string,
): Promise<{ readonly id: string; readonly fingerprint: string | null } | undefined> {
  const [row] = await db.query<{ id: string; fingerprint: string | null }>(
    `select id, idempotency_fingerprint as fingerprint from cases
     where opened_by = $1 and idempotency_key = $2 and created_at > $3`,
    [openedBy, key, since],
  );
  return row;
}

/** Frees an expired key (on a case opened before `before`), so that the same key may open a new case. */
export async function releaseExpiredIdempotencyKey(
  db: Queryable,
  openedBy: string,
  key: string,
  before: string,
): Promise<void> {
  await db.query(
    `update cases set idempotency_key = null
     where opened_by = $1 and idempotency_key = $2 and created_at <= $3`,
    [openedBy, key, before],
  );
}

export async function countCasesOf(db: Queryable, hospitalId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*) as count from cases where hospital_id = $1',
    [hospitalId],
  );
  return row?.count ?? 0;
}

/** The case's vital signs, triage answers and the questions they answer (the version it was sent with). */
export async function readCaseAnswers(
  tx: Queryable,
  caseId: string,
): Promise<{ vitals: VitalSigns; triageAnswers: TriageAnswers; questions: TriageQuestion[] }> {
  const [row] = await tx.query<Pick<DetailRow, 'vitals' | 'triage_answers' | 'triage_questions'>>(
    `select c.vitals, c.triage_answers, tv.questions as triage_questions
     from cases c
       left join triage_assessment_versions tv
         on tv.hospital_id = c.hospital_id and tv.specialty_id = c.specialty_id and tv.version = c.triage_version
     where c.id = $1`,
    [caseId],
  );
  return {
    vitals: row?.vitals ?? {},
    triageAnswers: row?.triage_answers ?? {},
    questions: (row?.triage_questions ?? []).map(toQuestion),
  };
}

/** Each sign and answer given replaces the case's own; the rest stay. */
export async function mergeCaseAnswers(
  tx: Queryable,
  caseId: string,
  added: { vitals: VitalSigns; triageAnswers: TriageAnswers },
  at: Date,
): Promise<void> {
  await tx.query(
    `update cases set vitals = vitals || $2::jsonb, triage_answers = triage_answers || $3::jsonb, updated_at = $4
     where id = $1`,
    [caseId, JSON.stringify(added.vitals), JSON.stringify(added.triageAnswers), at.toISOString()],
  );
}

export async function touchCase(tx: Queryable, caseId: string, at: Date): Promise<void> {
  await tx.query('update cases set updated_at = $2 where id = $1', [caseId, at.toISOString()]);
}

export async function setCaseStatus(tx: Queryable, caseId: string, status: CaseStatus): Promise<void> {
  await tx.query('update cases set status = $2 where id = $1', [caseId, status]);
}

/** The case is the specialist's: its timers stop. */
export async function markAccepted(
  tx: Queryable,
  caseId: string,
  status: CaseStatus,
  specialistId: string,
  at: Date,
): Promise<void> {
  await tx.query(
    `update cases set status = $2, assigned_to = $3, accepted_at = $4, updated_at = $4, ack_due_at = null,
       realert_due_at = null where id = $1`,
    [caseId, status, specialistId, at.toISOString()],
  );
}

export async function markResponded(
  tx: Queryable,
  caseId: string,
  status: CaseStatus,
  at: Date,
): Promise<void> {
  await tx.query('update cases set status = $2, responded_at = $3, updated_at = $3 where id = $1', [
    caseId,
    status,
    at.toISOString(),
  ]);
}

export async function markClosed(
  tx: Queryable,
  caseId: string,
  status: CaseStatus,
  at: Date,
  close: { readonly disposition: Disposition; readonly note: string | null },
): Promise<void> {
  await tx.query(
    `update cases set status = $2, closed_at = $3, updated_at = $3, close_disposition = $4, close_note = $5
     where id = $1`,
    [caseId, status, at.toISOString(), close.disposition, close.note],
  );
}

/** The case is cancelled: its timers stop. */
export async function markCancelled(
  tx: Queryable,
  caseId: string,
  status: CaseStatus,
  at: Date,
  reason: string | null,
): Promise<void> {
  await tx.query(
    `update cases set status = $2, cancelled_at = $3, updated_at = $3, cancel_reason = $4, ack_due_at = null,
       realert_due_at = null where id = $1`,
    [caseId, status, at.toISOString(), reason],
  );
}
