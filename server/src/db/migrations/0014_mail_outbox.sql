-- The e-mails waiting to be sent (SMTP): an offer not acknowledged when its escalation step ends goes by
-- e-mail to the specialist and to the hospital's ER admins. Written in the escalation's transaction and kept
-- here until the worker sends them, so that a restart loses none.
-- Runs on PostgreSQL 15 and on PGlite.

create table mail_outbox (
  id text primary key,
  user_id text not null references users (id),
  case_id text not null references cases (id),
  -- Why this user gets it: 'specialist' (their offer went unanswered) or 'er_admin' (their hospital's case).
  recipient_role text not null check (recipient_role in ('specialist', 'er_admin')),
  created_at timestamptz not null,
  -- When the next attempt is due; a claimed e-mail's lease moves it on, so a crash mid-send retries it.
  due_at timestamptz not null,
  attempts integer not null default 0
);

create index mail_outbox_due_idx on mail_outbox (due_at);
