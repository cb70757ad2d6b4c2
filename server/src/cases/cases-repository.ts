// The cases aggregate's tables: cases, their offers, timeline events, messages, consultations and
// attachments. Every statement on them is here; rows become contract objects here.
import { createHash } from 'node:crypto';
import type {
  Attachment,
  Case,
  CaseEvent,
  CaseStatus,
  CaseSummary,
  Consultation,
  Disposition,
  Message,
  Offer,
  RoutingStep,
  TriageAnswers,
  Urgency,
  VitalSigns,
} from '../../../generated/types.gen.ts';
import { auditListingSql } from '../audit/audit-repository.ts';
import type { Queryable } from '../db/database.ts';
import type { KeysetPosition } from '../keyset-cursor.ts';

interface SummaryRow {
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
  [column: string]: unknown;
}

const SUMMARY_COLUMNS = `c.id, c.hospital_id, c.display_number, c.status, c.urgency, c.specialty_id,
  s.name as specialty_name, c.patient_age, c.patient_sex, c.patient_mrn, c.patient_initials, c.chief_complaint,
  c.door_time, c.created_at, c.updated_at, c.opened_by, o.display_name as opened_by_name, c.assigned_to,
  a.display_name as assigned_to_name, c.no_coverage, c.routing_step, c.ack_due_at`;

const SUMMARY_FROM = `cases c join specialties s on s.id = c.specialty_id join users o on o.id = c.opened_by
  left join users a on a.id = c.assigned_to`;

function toSummary(row: SummaryRow): CaseSummary {
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
  };
}

interface DetailRow extends SummaryRow {
  hospital_name: string;
  hospital_time_zone: string;
  clinical_summary: string | null;
  vitals: VitalSigns;
  triage_answers: TriageAnswers;
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

const CASE_STATE_COLUMNS = `c.id, c.hospital_id, h.hospital_system_id, c.display_number, c.status, c.urgency,
       c.specialty_id, s.name as specialty_name, c.opened_by, c.assigned_to, c.routing_step, c.chief_complaint`;
const CASE_STATE_FROM =
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

export interface OfferStateRow {
  id: string;
  specialist_id: string;
  active: boolean;
  delivered_at: string | null;
  seen_at: string | null;
  [column: string]: unknown;
}

export async function readOffer(
  db: Queryable,
  caseId: string,
  userId: string,
): Promise<OfferStateRow | null> {
  const [row] = await db.query<OfferStateRow>(
    'select id, specialist_id, active, delivered_at, seen_at from case_offers where case_id = $1 and specialist_id = $2',
    [caseId, userId],
    { prepare: 'case_offer_of' },
  );
  return row ?? null;
}

interface OfferRow {
  id: string;
  specialist_id: string;
  specialist_name: string;
  step: RoutingStep;
  offered_at: string;
  delivered_at: string | null;
  seen_at: string | null;
  accepted_at: string | null;
  declined_at: string | null;
  decline_reason: string | null;
  last_alerted_at: string;
  alert_count: number;
  [column: string]: unknown;
}

interface EventRow {
  id: number;
  at: string;
  kind: CaseEvent['kind'];
  actor_id: string | null;
  actor_name: string | null;
  data: Record<string, unknown>;
  [column: string]: unknown;
}

interface MessageRow {
  id: string;
  author_id: string;
  author_name: string;
  body: string;
  created_at: string;
  [column: string]: unknown;
}

interface ConsultationRow {
  author_id: string;
  author_name: string;
  recommendation: string;
  disposition: Disposition;
  follow_up: string | null;
  created_at: string;
  [column: string]: unknown;
}

interface AttachmentRow {
  id: string;
  case_id: string;
  file_name: string;
  content_type: Attachment['contentType'];
  size: number;
  width: number | null;
  height: number | null;
  blob_key: string;
  thumbnail_key: string | null;
  uploaded_by: string;
  uploaded_by_name: string;
  created_at: string;
  [column: string]: unknown;
}

const ATTACHMENT_SELECT = `select t.id, t.case_id, t.file_name, t.content_type, t.size, t.width, t.height,
  t.blob_key, t.thumbnail_key, t.uploaded_by, u.display_name as uploaded_by_name, t.created_at
  from attachments t join users u on u.id = t.uploaded_by`;

function toAttachment(row: AttachmentRow, mediaUrl: string): Attachment {
  const url = `${mediaUrl}/attachments/${encodeURIComponent(row.id)}`;
  return {
    id: row.id,
    fileName: row.file_name,
    contentType: row.content_type,
    size: row.size,
    width: row.width,
    height: row.height,
    uploadedBy: { id: row.uploaded_by, displayName: row.uploaded_by_name },
    createdAt: row.created_at,
    url,
    thumbnailUrl: row.thumbnail_key === null ? null : `${url}?variant=thumbnail`,
  };
}

export async function loadCase(db: Queryable, caseId: string, mediaUrl: string): Promise<Case | undefined> {
  const [row] = await db.query<DetailRow>(
    `select ${SUMMARY_COLUMNS}, h.name as hospital_name, h.time_zone as hospital_time_zone, c.clinical_summary,
       c.vitals, c.triage_answers, c.accepted_at, c.responded_at, c.closed_at, c.cancelled_at, c.cancel_reason,
       c.close_disposition, c.close_note
     from ${SUMMARY_FROM} join hospitals h on h.id = c.hospital_id
     where c.id = $1`,
    [caseId],
  );
  if (!row) return undefined;
  const [offers, events, messages, consultations, attachments] = await Promise.all([
    db.query<OfferRow>(
      `select f.id, f.specialist_id, u.display_name as specialist_name, f.step, f.offered_at, f.delivered_at,
         f.seen_at, f.accepted_at, f.declined_at, f.decline_reason, f.last_alerted_at, f.alert_count
       from case_offers f join users u on u.id = f.specialist_id where f.case_id = $1 order by f.offered_at, f.id`,
      [caseId],
    ),
    db.query<EventRow>(
      `select e.id, e.at, e.kind, e.actor_id, u.display_name as actor_name, e.data
       from case_events e left join users u on u.id = e.actor_id where e.case_id = $1 order by e.id`,
      [caseId],
    ),
    db.query<MessageRow>(
      `select m.id, m.author_id, u.display_name as author_name, m.body, m.created_at
       from case_messages m join users u on u.id = m.author_id where m.case_id = $1 order by m.created_at, m.id`,
      [caseId],
    ),
    db.query<ConsultationRow>(
      `select k.author_id, u.display_name as author_name, k.recommendation, k.disposition, k.follow_up, k.created_at
       from consultations k join users u on u.id = k.author_id where k.case_id = $1`,
      [caseId],
    ),
    db.query<AttachmentRow>(`${ATTACHMENT_SELECT} where t.case_id = $1 order by t.created_at, t.id`, [
      caseId,
    ]),
  ]);
  const consultation = consultations[0];
  return {
    ...toSummary(row),
    hospital: { id: row.hospital_id, name: row.hospital_name, timeZone: row.hospital_time_zone },
    clinicalSummary: row.clinical_summary,
    vitals: row.vitals,
    triageAnswers: row.triage_answers,
    acceptedAt: row.accepted_at,
    respondedAt: row.responded_at,
    closedAt: row.closed_at,
    cancelledAt: row.cancelled_at,
    cancelReason: row.cancel_reason,
    closeDisposition: row.close_disposition,
    closeNote: row.close_note,
    offers: offers.map((offer): Offer => ({
      id: offer.id,
      specialist: { id: offer.specialist_id, displayName: offer.specialist_name },
      step: offer.step,
      offeredAt: offer.offered_at,
      deliveredAt: offer.delivered_at,
      seenAt: offer.seen_at,
      acceptedAt: offer.accepted_at,
      declinedAt: offer.declined_at,
      declineReason: offer.decline_reason,
      lastAlertedAt: offer.last_alerted_at,
      alertCount: offer.alert_count,
    })),
    timeline: events.map((event): CaseEvent => ({
      id: String(event.id),
      at: event.at,
      kind: event.kind,
      actor: event.actor_id === null ? null : { id: event.actor_id, displayName: event.actor_name ?? '' },
      data: event.data,
    })),
    messages: messages.map(toMessage),
    consultation:
      consultation === undefined
        ? null
        : ({
            recommendation: consultation.recommendation,
            disposition: consultation.disposition,
            followUp: consultation.follow_up,
            author: { id: consultation.author_id, displayName: consultation.author_name },
            createdAt: consultation.created_at,
          } satisfies Consultation),
    attachments: attachments.map((attachment) => toAttachment(attachment, mediaUrl)),
  };
}

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    author: { id: row.author_id, displayName: row.author_name },
    body: row.body,
    createdAt: row.created_at,
  };
}

/** Which cases of the hospital a listing shows the caller (access.ts decides it, from the caller's roles). */
export interface CaseListVisibility {
  /** Every case of the hospital's emergency room. */
  readonly wholeEmergencyRoom: boolean;
  /** Otherwise: the cases the caller opened... */
  readonly openedByMe: boolean;
  /** ...and the cases offered or assigned to it. */
  readonly offeredOrAssignedToMe: boolean;
}

export interface CaseListFilters {
  readonly status?: readonly CaseStatus[];
  readonly specialtyId?: string;
  readonly urgency?: Urgency;
  readonly from?: string;
  readonly to?: string;
  readonly scope?: 'all' | 'mine' | 'offered';
  readonly q?: string;
  readonly limit?: number;
  /** The page continues after this position. */
  readonly after?: KeysetPosition;
}

/** Who listed, for the audit event the listing statement writes. */
export interface ListAudit {
  readonly at: Date;
  readonly address: string | null;
}

export interface Statement {
  readonly sql: string;
  readonly params: unknown[];
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * One statement: the page (one row more than asked, to know whether another page follows) and the audit
 * event naming the cases on it, written only when the page is not empty.
 */
export function caseListStatement(
  viewer: { readonly userId: string; readonly hospitalId: string; readonly visibility: CaseListVisibility },
  filters: CaseListFilters,
  audit: ListAudit,
): Statement {
  const params: unknown[] = [viewer.hospitalId];
  const where = ['c.hospital_id = $1'];
  const add = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  // The caller's id only when a clause needs it: PostgreSQL refuses a parameter no clause uses.
  let meParam: string | undefined;
  const me = (): string => (meParam ??= add(viewer.userId));
  if (!viewer.visibility.wholeEmergencyRoom) {
    const visible: string[] = [];
    if (viewer.visibility.openedByMe) visible.push(`c.opened_by = ${me()}`);
    if (viewer.visibility.offeredOrAssignedToMe) {
      visible.push(
        `c.assigned_to = ${me()}`,
        `exists (select 1 from case_offers f where f.case_id = c.id and f.specialist_id = ${me()})`,
      );
    }
    where.push(`(${visible.join(' or ')})`);
  }
  if (filters.scope === 'mine') where.push(`(c.opened_by = ${me()} or c.assigned_to = ${me()})`);
  if (filters.scope === 'offered') {
    where.push(
      "c.status in ('pending', 'escalated')",
      `exists (select 1 from case_offers f where f.case_id = c.id and f.specialist_id = ${me()} and f.active)`,
    );
  }
  if (filters.status !== undefined && filters.status.length > 0)
    where.push(`c.status = any(${add([...filters.status])}::text[])`);
  if (filters.specialtyId !== undefined) where.push(`c.specialty_id = ${add(filters.specialtyId)}`);
  if (filters.urgency !== undefined) where.push(`c.urgency = ${add(filters.urgency)}`);
  if (filters.from !== undefined) where.push(`c.created_at >= ${add(filters.from)}::timestamptz`);
  if (filters.to !== undefined) where.push(`c.created_at < ${add(filters.to)}::timestamptz`);
  if (filters.q !== undefined && filters.q.trim() !== '') {
    const q = filters.q.trim();
    const number = add(`${escapeLike(q.toUpperCase())}%`);
    const words = add(`%${escapeLike(q)}%`);
    where.push(`(c.display_number like ${number} or c.chief_complaint ilike ${words})`);
  }
  if (filters.after !== undefined) {
    where.push(
      `(c.created_at, c.id) < (${add(filters.after.createdAt)}::timestamptz, ${add(filters.after.id)})`,
    );
  }
  const pageSize = filters.limit ?? 50;
  const limit = add(pageSize + 1);
  const listed = `array(select id from page order by created_at desc, id desc limit ${add(pageSize)})`;
  const auditValues = `${add(audit.at.toISOString())}::timestamptz, ${me()}, 'case.list', ${listed}, ${add(audit.address)}`;
  return {
    sql: `with page as (
        select ${SUMMARY_COLUMNS} from ${SUMMARY_FROM} where ${where.join(' and ')}
        order by c.created_at desc, c.id desc limit ${limit}
      ), audit as (
        ${auditListingSql(auditValues, 'page')}
      )
      select * from page order by created_at desc, id desc`,
    params,
  };
}

/** Each combination of filters is its own statement text: prepared under a name derived from it. */
function preparedName(sql: string): string {
  return `cases_list_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
}

export async function readCaseList(db: Queryable, statement: Statement): Promise<CaseSummary[]> {
  const rows = await db.query<SummaryRow>(statement.sql, statement.params, {
    prepare: preparedName(statement.sql),
  });
  return rows.map(toSummary);
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
  readonly openedBy: string;
  readonly idempotencyKey: string | null;
  readonly routingStep: RoutingStep;
  readonly createdAt: string;
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
       realert_due_at, accepted_at, responded_at, closed_at, cancelled_at, cancel_reason, close_disposition)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
       $23, $24, $25, $26, $27, $28, $29, $30)
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
    ],
  );
  return inserted.length > 0;
}

/** The case its opener opened with this idempotency key. */
export async function findCaseIdByIdempotencyKey(
  db: Queryable,
  openedBy: string,
  key: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    'select id from cases where opened_by = $1 and idempotency_key = $2',
    [openedBy, key],
  );
  return row?.id;
}

export async function countCasesOf(db: Queryable, hospitalId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*) as count from cases where hospital_id = $1',
    [hospitalId],
  );
  return row?.count ?? 0;
}

/** A case moved to a step of its routing chain, with the timers of that step. */
export async function setRouting(
  tx: Queryable,
  caseId: string,
  routing: {
    readonly step: RoutingStep;
    readonly ackDueAt: Date | null;
    readonly realertDueAt: Date;
    readonly noCoverage: boolean;
    readonly at: Date;
  },
): Promise<void> {
  await tx.query(
    `update cases set routing_step = $2, ack_due_at = $3, realert_due_at = $4, updated_at = $5,
       no_coverage = no_coverage or $6
     where id = $1`,
    [
      caseId,
      routing.step,
      routing.ackDueAt?.toISOString() ?? null,
      routing.realertDueAt.toISOString(),
      routing.at.toISOString(),
      routing.noCoverage,
    ],
  );
}

/** Stops the case's escalation and re-alerts. */
export async function clearTimers(tx: Queryable, caseId: string): Promise<void> {
  await tx.query('update cases set ack_due_at = null, realert_due_at = null where id = $1', [caseId]);
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

/** A waiting case whose escalation or re-alert is due. */
export interface DueCaseRow extends CaseStateRow {
  ack_due_at: string | null;
  realert_due_at: string | null;
}

/**
 * Up to `limit` waiting cases due at `now`, earliest first, locked for this transaction. Several servers
 * may claim at once: `skip locked` gives each due case to one of them.
 */
export function claimDueCases(tx: Queryable, now: Date, limit: number): Promise<DueCaseRow[]> {
  return tx.query<DueCaseRow>(
    `select ${CASE_STATE_COLUMNS}, c.ack_due_at, c.realert_due_at
     from ${CASE_STATE_FROM}
     where c.next_due_at <= $1 and c.status in ('pending', 'escalated')
     order by c.next_due_at
     limit ${limit}
     for update of c skip locked`,
    [now.toISOString()],
  );
}

export async function setRealertDue(tx: Queryable, caseId: string, at: Date): Promise<void> {
  await tx.query('update cases set realert_due_at = $2 where id = $1', [caseId, at.toISOString()]);
}

/** Puts the case's due times off to `until` at the earliest (those that are set). */
export async function postponeDueTimes(tx: Queryable, caseId: string, until: Date): Promise<void> {
  await tx.query(
    `update cases set
       ack_due_at = case when ack_due_at is null then null else greatest(ack_due_at, $2::timestamptz) end,
       realert_due_at = case when realert_due_at is null then null else greatest(realert_due_at, $2::timestamptz) end
     where id = $1`,
    [caseId, until.toISOString()],
  );
}

/** Offers the case on a step of its chain to each specialist not offered it yet; answers who was. */
export async function insertOffers(
  tx: Queryable,
  offer: {
    readonly caseId: string;
    readonly step: RoutingStep;
    readonly at: Date;
    readonly to: readonly { readonly id: string; readonly specialistId: string }[];
  },
): Promise<string[]> {
  const inserted = await tx.query<{ specialist_id: string }>(
    `insert into case_offers (id, case_id, specialist_id, step, offered_at, last_alerted_at)
     select id, $3, specialist_id, $4, $5, $5 from unnest($1::text[], $2::text[]) as o (id, specialist_id)
     on conflict (case_id, specialist_id) do nothing
     returning specialist_id`,
    [
      offer.to.map((entry) => entry.id),
      offer.to.map((entry) => entry.specialistId),
      offer.caseId,
      offer.step,
      offer.at.toISOString(),
    ],
  );
  return inserted.map((row) => row.specialist_id);
}

/** The specialists the case is offered to now, in id order. */
export async function activeOfferees(db: Queryable, caseId: string): Promise<string[]> {
  const rows = await db.query<{ specialist_id: string }>(
    'select specialist_id from case_offers where case_id = $1 and active order by specialist_id',
    [caseId],
  );
  return rows.map((row) => row.specialist_id);
}

export async function declinedSpecialists(db: Queryable, caseId: string): Promise<string[]> {
  const rows = await db.query<{ specialist_id: string }>(
    'select specialist_id from case_offers where case_id = $1 and declined_at is not null',
    [caseId],
  );
  return rows.map((row) => row.specialist_id);
}

/** The first time the offer reached the specialist's app, or was seen (which implies delivered). */
export async function recordOfferReceipt(
  tx: Queryable,
  caseId: string,
  specialistId: string,
  at: Date,
  seen: boolean,
): Promise<void> {
  await tx.query(
    `update case_offers set delivered_at = coalesce(delivered_at, $3::timestamptz),
       seen_at = case when $4 then coalesce(seen_at, $3::timestamptz) else seen_at end
     where case_id = $1 and specialist_id = $2`,
    [caseId, specialistId, at.toISOString(), seen],
  );
}

/** Every active offer of the case ends; the accepting specialist's records its accept (and receipt). */
export async function closeOffersOnAccept(
  tx: Queryable,
  caseId: string,
  specialistId: string,
  at: Date,
): Promise<void> {
  await tx.query(
    `update case_offers set active = false,
       accepted_at = case when specialist_id = $2 then $3::timestamptz else accepted_at end,
       seen_at = case when specialist_id = $2 then coalesce(seen_at, $3::timestamptz) else seen_at end,
       delivered_at = case when specialist_id = $2 then coalesce(delivered_at, $3::timestamptz) else delivered_at end
     where case_id = $1 and active`,
    [caseId, specialistId, at.toISOString()],
  );
}

export async function declineOffer(
  tx: Queryable,
  caseId: string,
  specialistId: string,
  at: Date,
  reason: string,
): Promise<void> {
  await tx.query(
    `update case_offers set active = false, declined_at = $3, decline_reason = $4,
       seen_at = coalesce(seen_at, $3::timestamptz), delivered_at = coalesce(delivered_at, $3::timestamptz)
     where case_id = $1 and specialist_id = $2`,
    [caseId, specialistId, at.toISOString(), reason],
  );
}

export async function deactivateOffers(tx: Queryable, caseId: string): Promise<void> {
  await tx.query('update case_offers set active = false where case_id = $1 and active', [caseId]);
}

/** Alerts every active offer of the case again; answers whom. */
export async function realertActiveOffers(tx: Queryable, caseId: string, at: Date): Promise<string[]> {
  const rows = await tx.query<{ specialist_id: string }>(
    `update case_offers set last_alerted_at = $2, alert_count = alert_count + 1
     where case_id = $1 and active returning specialist_id`,
    [caseId, at.toISOString()],
  );
  return rows.map((row) => row.specialist_id);
}

export async function insertCaseEvent(
  tx: Queryable,
  event: {
    readonly caseId: string;
    readonly at: string;
    readonly kind: CaseEvent['kind'];
    readonly actorId: string | null;
    readonly data: Record<string, unknown>;
  },
): Promise<void> {
  await tx.query('insert into case_events (case_id, at, kind, actor_id, data) values ($1, $2, $3, $4, $5)', [
    event.caseId,
    event.at,
    event.kind,
    event.actorId,
    JSON.stringify(event.data),
  ]);
}

export async function insertMessage(
  tx: Queryable,
  message: {
    readonly id: string;
    readonly caseId: string;
    readonly authorId: string;
    readonly body: string;
    readonly at: string;
  },
): Promise<void> {
  await tx.query(
    'insert into case_messages (id, case_id, author_id, body, created_at) values ($1, $2, $3, $4, $5)',
    [message.id, message.caseId, message.authorId, message.body, message.at],
  );
}

export async function readMessage(db: Queryable, messageId: string): Promise<Message | undefined> {
  const [row] = await db.query<MessageRow>(
    `select m.id, m.author_id, u.display_name as author_name, m.body, m.created_at
     from case_messages m join users u on u.id = m.author_id where m.id = $1`,
    [messageId],
  );
  return row && toMessage(row);
}

export async function insertConsultation(
  tx: Queryable,
  consultation: {
    readonly caseId: string;
    readonly authorId: string;
    readonly recommendation: string;
    readonly disposition: Disposition;
    readonly followUp: string | null;
    readonly at: string;
  },
): Promise<void> {
  await tx.query(
    `insert into consultations (case_id, author_id, recommendation, disposition, follow_up, created_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      consultation.caseId,
      consultation.authorId,
      consultation.recommendation,
      consultation.disposition,
      consultation.followUp,
      consultation.at,
    ],
  );
}

export async function insertAttachment(
  tx: Queryable,
  attachment: {
    readonly id: string;
    readonly caseId: string;
    readonly uploadedBy: string;
    readonly fileName: string;
    readonly contentType: Attachment['contentType'];
    readonly size: number;
    readonly width: number | null;
    readonly height: number | null;
    readonly blobKey: string;
    readonly thumbnailKey: string | null;
    readonly at: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into attachments (id, case_id, uploaded_by, file_name, content_type, size, width, height, blob_key,
       thumbnail_key, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      attachment.id,
      attachment.caseId,
      attachment.uploadedBy,
      attachment.fileName,
      attachment.contentType,
      attachment.size,
      attachment.width,
      attachment.height,
      attachment.blobKey,
      attachment.thumbnailKey,
      attachment.at.toISOString(),
    ],
  );
}

export async function readAttachment(
  db: Queryable,
  attachmentId: string,
  mediaUrl: string,
): Promise<Attachment | undefined> {
  const [row] = await db.query<AttachmentRow>(`${ATTACHMENT_SELECT} where t.id = $1`, [attachmentId]);
  return row && toAttachment(row, mediaUrl);
}

/** The case's attachments, oldest first. */
export async function readAttachmentsOf(
  db: Queryable,
  caseId: string,
  mediaUrl: string,
): Promise<Attachment[]> {
  const rows = await db.query<AttachmentRow>(
    `${ATTACHMENT_SELECT} where t.case_id = $1 order by t.created_at, t.id`,
    [caseId],
  );
  return rows.map((row) => toAttachment(row, mediaUrl));
}

/** Where an attachment's bytes are kept, and what they are. */
export interface AttachmentFile {
  readonly id: string;
  readonly caseId: string;
  readonly fileName: string;
  readonly contentType: Attachment['contentType'];
  readonly blobKey: string;
  readonly thumbnailKey: string | null;
}

export async function findAttachmentFile(
  db: Queryable,
  attachmentId: string,
): Promise<AttachmentFile | undefined> {
  const [row] = await db.query<AttachmentRow>(`${ATTACHMENT_SELECT} where t.id = $1`, [attachmentId]);
  return (
    row && {
      id: row.id,
      caseId: row.case_id,
      fileName: row.file_name,
      contentType: row.content_type,
      blobKey: row.blob_key,
      thumbnailKey: row.thumbnail_key,
    }
  );
}
