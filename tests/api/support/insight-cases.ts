// Cases with hand-made timelines, written straight into the tables (as the product would have left them), for
// the insights tests and the benchmark: each is also returned as the domain's CaseTimeline, so that a test
// computes the expected figures with domain/measures.ts from the very cases it wrote.
import type { Database } from '../../../server/src/db/database.ts';
import type { CaseTimeline } from '../../../server/src/domain/measures.ts';

export interface OfferSpec {
  readonly specialistId: string;
  readonly offeredAt: string;
  readonly acceptedAt?: string | null;
  readonly declinedAt?: string | null;
  readonly declineReason?: string | null;
}

export interface CaseSpec {
  readonly id: string;
  readonly hospitalId: string;
  readonly specialtyId: string;
  readonly urgency: 'emergent' | 'urgent' | 'routine';
  readonly openedBy: string;
  readonly doorTime: string;
  readonly openedAt: string;
  readonly offers: readonly OfferSpec[];
  readonly consultedAt?: string | null;
  readonly cancelledAt?: string | null;
  readonly escalated?: boolean;
  readonly noCoverage?: boolean;
  readonly targetDueAt: string;
  /** The acknowledgement time of the urgency at the hospital (the defaults unless the test set others). */
  readonly ackSeconds: number;
}

let caseNumber = 0;

/** Writes the case, its offers, its escalation event and its consultation; returns its timeline. */
export async function insertTimeline(db: Database, spec: CaseSpec): Promise<CaseTimeline> {
  caseNumber += 1;
  const accepted = spec.offers.find((offer) => offer.acceptedAt);
  const acceptedAt = accepted?.acceptedAt ?? null;
  const consultedAt = spec.consultedAt ?? null;
  const cancelledAt = spec.cancelledAt ?? null;
  const status =
    cancelledAt !== null
      ? 'cancelled'
      : consultedAt !== null
        ? 'responded'
        : acceptedAt
          ? 'accepted'
          : 'pending';
  await db.query(
    `insert into cases (id, hospital_id, case_number, display_number, specialty_id, urgency, status, patient_age,
       patient_sex, door_time, chief_complaint, opened_by, assigned_to, no_coverage, routing_step, created_at,
       updated_at, accepted_at, responded_at, cancelled_at, target_due_at)
     values ($1, $2, $3, $4, $5, $6, $7, 60, 'unknown', $8, 'Insights test case', $9, $10, $11, $12, $13, $13,
       $14, $15, $16, $17)`,
    [
      spec.id,
      spec.hospitalId,
      100_000 + caseNumber,
      `INS-${caseNumber}`,
      spec.specialtyId,
      spec.urgency,
      status,
      spec.doorTime,
      spec.openedBy,
      accepted?.specialistId ?? null,
      spec.noCoverage ?? false,
      spec.escalated ? 'backup' : 'primary',
      spec.openedAt,
      acceptedAt,
      consultedAt,
      cancelledAt,
      spec.targetDueAt,
    ],
  );
  for (const [index, offer] of spec.offers.entries()) {
    await db.query(
      `insert into case_offers (id, case_id, specialist_id, step, offered_at, accepted_at, declined_at,
         decline_reason, active, last_alerted_at)
       values ($1, $2, $3, 'primary', $4, $5, $6, $7, false, $4)`,
      [
        `${spec.id}_off${index}`,
        spec.id,
        offer.specialistId,
        offer.offeredAt,
        offer.acceptedAt ?? null,
        offer.declinedAt ?? null,
        offer.declineReason ?? null,
      ],
    );
  }
  if (spec.escalated) {
    await db.query(`insert into case_events (case_id, at, kind, data) values ($1, $2, 'escalated', '{}')`, [
      spec.id,
      spec.openedAt,
    ]);
  }
  if (consultedAt !== null && accepted) {
    await db.query(
      `insert into consultations (case_id, author_id, recommendation, disposition, created_at)
       values ($1, $2, 'Thrombolysis', 'admit', $3)`,
      [spec.id, accepted.specialistId, consultedAt],
    );
  }
  return {
    doorTime: spec.doorTime,
    openedAt: spec.openedAt,
    offers: spec.offers.map((offer) => ({
      offeredAt: offer.offeredAt,
      acceptedAt: offer.acceptedAt ?? null,
      declinedAt: offer.declinedAt ?? null,
      declineReason: offer.declineReason ?? null,
    })),
    acceptedAt,
    consultedAt,
    cancelledAt,
    escalated: spec.escalated ?? false,
    noCoverage: spec.noCoverage ?? false,
    ackSeconds: spec.ackSeconds,
    targetDueAt: spec.targetDueAt,
  };
}
