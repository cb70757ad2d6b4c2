// What is written on a case: its timeline events, its thread of messages and its consultation.
import type { CaseEvent, Consultation, Disposition, Message } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';

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

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    author: { id: row.author_id, displayName: row.author_name },
    body: row.body,
    createdAt: row.created_at,
  };
}

/** The case's timeline, oldest first. */
export async function readTimelineOf(db: Queryable, caseId: string): Promise<CaseEvent[]> {
  const events = await db.query<EventRow>(
    `select e.id, e.at, e.kind, e.actor_id, u.display_name as actor_name, e.data
     from case_events e left join users u on u.id = e.actor_id where e.case_id = $1 order by e.id`,
    [caseId],
  );
  return events.map((event): CaseEvent => ({
    id: String(event.id),
    at: event.at,
    kind: event.kind,
    actor: event.actor_id === null ? null : { id: event.actor_id, displayName: event.actor_name ?? '' },
    data: event.data,
  }));
}

/** The case's thread, oldest first. */
export async function readMessagesOf(db: Queryable, caseId: string): Promise<Message[]> {
  const messages = await db.query<MessageRow>(
    `select m.id, m.author_id, u.display_name as author_name, m.body, m.created_at
     from case_messages m join users u on u.id = m.author_id where m.case_id = $1 order by m.created_at, m.id`,
    [caseId],
  );
  return messages.map(toMessage);
}

export async function readConsultationOf(db: Queryable, caseId: string): Promise<Consultation | null> {
  const [row] = await db.query<ConsultationRow>(
    `select k.author_id, u.display_name as author_name, k.recommendation, k.disposition, k.follow_up, k.created_at
     from consultations k join users u on u.id = k.author_id where k.case_id = $1`,
    [caseId],
  );
  return row === undefined
    ? null
    : {
        recommendation: row.recommendation,
        disposition: row.disposition,
        followUp: row.follow_up,
        author: { id: row.author_id, displayName: row.author_name },
        createdAt: row.created_at,
      };
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
