// A case's offers: to whom it was offered on which step of its chain, their receipts, answers and re-alerts.
import type { CaseStatus, ChannelAttempt, Offer, RoutingStep } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';

export interface OfferStateRow {
  id: string;
  specialist_id: string;
  active: boolean;
  delivered_at: string | null;
  seen_at: string | null;
  accepted_at: string | null;
  [column: string]: unknown;
}

export async function readOffer(
  db: Queryable,
  caseId: string,
  userId: string,
): Promise<OfferStateRow | null> {
  const [row] = await db.query<OfferStateRow>(
    'select id, specialist_id, active, delivered_at, seen_at, accepted_at from case_offers where case_id = $1 and specialist_id = $2',
    [caseId, userId],
    { prepare: 'case_offer_state_of' },
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

/** The most attempts an offer lists (the latest), as the contract bounds them. */
const MAX_ATTEMPTS_LISTED = 50;

interface AttemptRow {
  kind: 'delivered' | 'sms_sent' | 'sms_failed' | 'email_sent';
  at: string;
  actor_id: string | null;
  channel: string | null;
  offer_id: string | null;
  recipient_id: string | null;
  final: boolean | null;
  [column: string]: unknown;
}

/** The case's attempts to reach its offerees outside the app, from its timeline, oldest first. */
async function readAttempts(db: Queryable, caseId: string): Promise<AttemptRow[]> {
  return db.query<AttemptRow>(
    `select kind, at, actor_id, data ->> 'channel' as channel, data ->> 'offerId' as offer_id,
       data ->> 'recipientId' as recipient_id, (data ->> 'final')::boolean as final
     from case_events
     where case_id = $1 and (kind in ('sms_sent', 'sms_failed', 'email_sent')
       or (kind = 'delivered' and data ->> 'channel' = 'push'))
     order by at, id`,
    [caseId],
  );
}

/** The attempts that were this offer's: its push receipt, its SMS, the e-mails to its specialist. */
function attemptsOf(offer: OfferRow, rows: readonly AttemptRow[]): ChannelAttempt[] {
  const attempts = rows.flatMap((row): ChannelAttempt[] => {
    switch (row.kind) {
      case 'delivered':
        return row.actor_id === offer.specialist_id
          ? [{ channel: 'push', outcome: 'delivered', at: row.at }]
          : [];
      case 'sms_sent':
        return row.offer_id === offer.id ? [{ channel: 'sms', outcome: 'sent', at: row.at }] : [];
      case 'sms_failed':
        return row.offer_id === offer.id
          ? [{ channel: 'sms', outcome: 'failed', at: row.at, final: row.final === true }]
          : [];
      case 'email_sent':
        return row.recipient_id === offer.specialist_id
          ? [{ channel: 'email', outcome: 'sent', at: row.at }]
          : [];
    }
  });
  return attempts.slice(-MAX_ATTEMPTS_LISTED);
}

/** Every offer of the case, in the order it was made, each with its attempts in other channels. */
export async function readOffersOf(db: Queryable, caseId: string): Promise<Offer[]> {
  const attempts = await readAttempts(db, caseId);
  const offers = await db.query<OfferRow>(
    `select f.id, f.specialist_id, u.display_name as specialist_name, f.step, f.offered_at, f.delivered_at,
       f.seen_at, f.accepted_at, f.declined_at, f.decline_reason, f.last_alerted_at, f.alert_count
     from case_offers f join users u on u.id = f.specialist_id where f.case_id = $1 order by f.offered_at, f.id`,
    [caseId],
  );
  return offers.map((offer): Offer => ({
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
    attempts: attemptsOf(offer, attempts),
  }));
}

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

/** When an active offer of the case was last alerted (null: no active offer). */
export async function lastAlertOfActiveOffers(db: Queryable, caseId: string): Promise<Date | null> {
  const [row] = await db.query<{ at: string | Date | null }>(
    'select max(last_alerted_at) as at from case_offers where case_id = $1 and active',
    [caseId],
  );
  return row?.at == null ? null : new Date(row.at);
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

export interface WaitingOfferRow {
  [column: string]: unknown;
  case_id: string;
  status: CaseStatus;
  step: RoutingStep;
  display_number: string;
  urgency: string;
  specialty_name: string;
  chief_complaint: string;
  opened_by: string;
}

/** A specialist's active offers on unaccepted cases of one specialty at one hospital, locked with their cases. */
export async function lockWaitingOffers(
  tx: Queryable,
  hospitalId: string,
  specialtyId: string,
  specialistId: string,
): Promise<WaitingOfferRow[]> {
  return tx.query<WaitingOfferRow>(
    `select c.id as case_id, c.status, o.step, c.display_number, c.urgency, s.name as specialty_name,
       c.chief_complaint, c.opened_by
     from case_offers o join cases c on c.id = o.case_id join specialties s on s.id = c.specialty_id
     where c.hospital_id = $1 and c.specialty_id = $2 and o.specialist_id = $3 and o.active
       and c.status in ('pending', 'escalated')
     order by c.id for update of c, o`,
    [hospitalId, specialtyId, specialistId],
  );
}

export async function deactivateOfferOf(tx: Queryable, caseId: string, specialistId: string): Promise<void> {
  await tx.query('update case_offers set active = false where case_id = $1 and specialist_id = $2', [
    caseId,
    specialistId,
  ]);
}

/**
 * An earlier offer to this specialist, not declined, made active again at the case's current step and counted
 * as one more alert. It is offered afresh: its old receipts (delivered, seen) are cleared, so the panel shows
 * none until this alert is received and the SMS fallback treats it as undelivered. `offered_at` stays the
 * first offer's time, which the insights measure from.
 */
export async function reviveOfferOf(
  tx: Queryable,
  caseId: string,
  specialistId: string,
  revival: { readonly step: RoutingStep; readonly at: Date },
): Promise<void> {
  await tx.query(
    `update case_offers set active = true, step = $3, last_alerted_at = $4, alert_count = alert_count + 1,
       delivered_at = null, seen_at = null
     where case_id = $1 and specialist_id = $2 and declined_at is null`,
    [caseId, specialistId, revival.step, revival.at.toISOString()],
  );
}

/** The case and specialist of an offer, by its id. */
export async function readOfferById(
  db: Queryable,
  offerId: string,
): Promise<{ case_id: string; specialist_id: string } | undefined> {
  const [row] = await db.query<{ case_id: string; specialist_id: string }>(
    'select case_id, specialist_id from case_offers where id = $1',
    [offerId],
  );
  return row;
}
