// The e-mails waiting to be sent (mail_outbox), and what one may say: no patient data is selected here.
import type { Queryable } from '../db/database.ts';

/** Why the user gets the e-mail: their offer went unanswered, or they are an ER admin of the case's hospital. */
export type MailRecipientRole = 'specialist' | 'er_admin';

export interface MailOutboxRow {
  id: string;
  user_id: string;
  case_id: string;
  recipient_role: MailRecipientRole;
  attempts: number;
  [column: string]: unknown;
}

/** The mail outbox's own columns a claim returns. */
export const MAIL_OUTBOX_COLUMNS = ['user_id', 'case_id', 'recipient_role'] as const;

/** One e-mail per recipient, due at once; written in the escalation's transaction. */
export async function insertMailAlerts(
  tx: Queryable,
  mails: {
    readonly ids: readonly string[];
    readonly userIds: readonly string[];
    readonly roles: readonly MailRecipientRole[];
    readonly caseId: string;
    readonly at: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into mail_outbox (id, user_id, case_id, recipient_role, created_at, due_at)
     select m.id, m.user_id, $4, m.role, $5, $5
     from unnest($1::text[], $2::text[], $3::text[]) as m (id, user_id, role)`,
    [mails.ids, mails.userIds, mails.roles, mails.caseId, mails.at.toISOString()],
  );
}

/** The specialists whose offer of the case is still active and was never seen: not acknowledged. */
export async function unacknowledgedOfferees(db: Queryable, caseId: string): Promise<string[]> {
  const rows = await db.query<{ specialist_id: string }>(
    `select specialist_id from case_offers where case_id = $1 and active and seen_at is null
     order by specialist_id`,
    [caseId],
  );
  return rows.map((row) => row.specialist_id);
}

export interface MailContextRow {
  case_id: string;
  display_number: string;
  urgency: 'emergent' | 'urgent' | 'routine';
  specialty_name: string;
  hospital_code: string;
  /** The recipient's address: used to send, never logged nor written on the timeline. */
  email: string;
  active: boolean;
  status: 'pending' | 'escalated' | 'accepted' | 'responded' | 'closed' | 'cancelled';
  [column: string]: unknown;
}

/** The case's number, urgency, specialty and hospital short name, and the recipient's address. */
export async function readMailContext(
  db: Queryable,
  caseId: string,
  userId: string,
): Promise<MailContextRow | undefined> {
  const [row] = await db.query<MailContextRow>(
    `select c.id as case_id, c.display_number, c.urgency, s.name as specialty_name, h.short_code as hospital_code,
       u.email, u.active, c.status
     from cases c join hospitals h on h.id = c.hospital_id join specialties s on s.id = c.specialty_id,
       users u
     where c.id = $1 and u.id = $2`,
    [caseId, userId],
  );
  return row;
}
