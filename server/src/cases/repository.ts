// Reading cases: one case in full, and pages of case summaries. Rows become contract objects here.
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
import type { Queryable } from '../db/database.ts';

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
  [column: string]: unknown;
}

export const SUMMARY_COLUMNS = `c.id, c.hospital_id, c.display_number, c.status, c.urgency, c.specialty_id,
  s.name as specialty_name, c.patient_age, c.patient_sex, c.patient_mrn, c.patient_initials, c.chief_complaint,
  c.door_time, c.created_at, c.updated_at, c.opened_by, o.display_name as opened_by_name, c.assigned_to,
  a.display_name as assigned_to_name, c.no_coverage, c.routing_step, c.ack_due_at`;

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

export async function readCaseState(
  db: Queryable,
  caseId: string,
  options: { lock: boolean },
): Promise<CaseStateRow | undefined> {
  const [row] = await db.query<CaseStateRow>(
    `select c.id, c.hospital_id, h.hospital_system_id, c.display_number, c.status, c.urgency, c.specialty_id,
       s.name as specialty_name, c.opened_by, c.assigned_to, c.routing_step, c.chief_complaint
     from cases c join hospitals h on h.id = c.hospital_id join specialties s on s.id = c.specialty_id
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

export interface AttachmentRow {
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

export const ATTACHMENT_SELECT = `select t.id, t.case_id, t.file_name, t.content_type, t.size, t.width, t.height,
  t.blob_key, t.thumbnail_key, t.uploaded_by, u.display_name as uploaded_by_name, t.created_at
  from attachments t join users u on u.id = t.uploaded_by`;

export function toAttachment(row: AttachmentRow, mediaUrl: string): Attachment {
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

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    author: { id: row.author_id, displayName: row.author_name },
    body: row.body,
    createdAt: row.created_at,
  };
}
