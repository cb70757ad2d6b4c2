// The SMS waiting to be sent (sms_outbox), the hospital's delays before an undelivered offer goes by SMS,
// and what an SMS may say: no patient data is selected here.
import type { Urgency } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { newId } from '../db/ids.ts';

/** Seconds an offer may stay undelivered, per urgency, before it goes by SMS. */
export type SmsDelays = { readonly [U in Urgency]: number };

export const DEFAULT_SMS_DELAYS: SmsDelays = { emergent: 60, urgent: 120, routine: 300 };

/** The hospital's delays (the defaults where it has no settings row). */
export async function readSmsDelays(db: Queryable, hospitalId: string): Promise<SmsDelays> {
  const [row] = await db.query<{ emergent: number; urgent: number; routine: number }>(
    `select sms_after_seconds_emergent as emergent, sms_after_seconds_urgent as urgent,
       sms_after_seconds_routine as routine
     from hospital_case_settings where hospital_id = $1`,
    [hospitalId],
  );
  return row === undefined ? DEFAULT_SMS_DELAYS : { ...row };
}

export async function writeSmsDelays(tx: Queryable, hospitalId: string, delays: SmsDelays): Promise<void> {
  await tx.query(
    `insert into hospital_case_settings (hospital_id, sms_after_seconds_emergent, sms_after_seconds_urgent,
       sms_after_seconds_routine)
     values ($1, $2, $3, $4)
     on conflict (hospital_id) do update set sms_after_seconds_emergent = excluded.sms_after_seconds_emergent,
       sms_after_seconds_urgent = excluded.sms_after_seconds_urgent,
       sms_after_seconds_routine = excluded.sms_after_seconds_routine`,
    [hospitalId, delays.emergent, delays.urgent, delays.routine],
  );
}

/**
 * One SMS per new offer of the case to a user who turned SMS fallback on and gave a number, due when the
 * hospital's delay for the case's urgency has passed since `at`; written in the offer's transaction. An offer
 * whose SMS already waits keeps it.
 */
export async function insertSmsFallbacks(
  tx: Queryable,
  offers: { readonly caseId: string; readonly userIds: readonly string[]; readonly at: Date },
): Promise<void> {
  await tx.query(
    `insert into sms_outbox (id, user_id, case_id, offer_id, created_at, due_at)
     select $4 || '_' || f.id, f.specialist_id, c.id, f.id, $3::timestamptz,
       $3::timestamptz + make_interval(secs => case c.urgency
         when 'emergent' then coalesce(s.sms_after_seconds_emergent, 60)
         when 'urgent' then coalesce(s.sms_after_seconds_urgent, 120)
         else coalesce(s.sms_after_seconds_routine, 300) end)
     from cases c join case_offers f on f.case_id = c.id join users u on u.id = f.specialist_id
       left join hospital_case_settings s on s.hospital_id = c.hospital_id
     where c.id = $1 and f.specialist_id = any($2::text[]) and f.active and u.sms_fallback
       and u.phone is not null
     on conflict (offer_id) do nothing`,
    [offers.caseId, offers.userIds, offers.at.toISOString(), newId('sms')],
  );
}

export interface SmsOutboxRow {
  id: string;
  user_id: string;
  case_id: string;
  offer_id: string;
  attempts: number;
  [column: string]: unknown;
}

/** The SMS outbox's own columns a claim returns. */
export const SMS_OUTBOX_COLUMNS = ['user_id', 'case_id', 'offer_id'] as const;

export interface SmsContextRow {
  case_id: string;
  display_number: string;
  urgency: Urgency;
  specialty_name: string;
  hospital_code: string;
  status: 'pending' | 'escalated' | 'accepted' | 'responded' | 'closed' | 'cancelled';
  /** Who opened the case: their open case page shows each attempt as it happens. */
  opened_by: string;
  /** The recipient's number: used to send, never logged nor written on the timeline. */
  phone: string | null;
  sms_fallback: boolean;
  user_active: boolean;
  /** The offer still waits for its answer, and no device and no open app has received it. */
  undelivered: boolean;
  [column: string]: unknown;
}

/** The case's number, urgency, specialty and hospital short name, the recipient's number and their offer. */
export async function readSmsContext(db: Queryable, row: SmsOutboxRow): Promise<SmsContextRow | undefined> {
  const [context] = await db.query<SmsContextRow>(
    `select c.id as case_id, c.display_number, c.urgency, s.name as specialty_name, h.short_code as hospital_code,
       c.status, c.opened_by, u.phone, u.sms_fallback, u.active as user_active,
       f.active and f.delivered_at is null and f.seen_at is null and c.status in ('pending', 'escalated')
         as undelivered
     from sms_outbox o join cases c on c.id = o.case_id join hospitals h on h.id = c.hospital_id
       join specialties s on s.id = c.specialty_id join users u on u.id = o.user_id
       join case_offers f on f.id = o.offer_id
     where o.id = $1`,
    [row.id],
  );
  return context;
}
