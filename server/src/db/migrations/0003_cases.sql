-- Cases and everything around them: on-call shifts, triage assessments, offers, the timeline, the thread,
-- consultations, attachments, notifications and the append-only audit trail.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

-- Per hospital: acknowledgement times per urgency, the re-alert interval, and the display-number counter.
-- A hospital without a row uses the defaults (5/15/60 minutes, 2 minutes).
create table hospital_case_settings (
  hospital_id text primary key references hospitals (id),
  ack_seconds_emergent integer not null default 300 check (ack_seconds_emergent > 0),
  ack_seconds_urgent integer not null default 900 check (ack_seconds_urgent > 0),
  ack_seconds_routine integer not null default 3600 check (ack_seconds_routine > 0),
  realert_seconds integer not null default 120 check (realert_seconds > 0),
  last_case_number integer not null default 0
);

create table on_call_shifts (
  id text primary key,
  hospital_id text not null references hospitals (id),
  specialty_id text not null references specialties (id),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  primary_id text not null references users (id),
  backup_id text references users (id),
  created_at timestamptz not null default now(),
  check (ends_at > starts_at),
  check (backup_id is null or backup_id <> primary_id)
);

create index on_call_shifts_lookup_idx on on_call_shifts (hospital_id, specialty_id, starts_at);

create table triage_questions (
  id text primary key,
  hospital_id text not null references hospitals (id),
  specialty_id text not null references specialties (id),
  position integer not null,
  kind text not null check (kind in ('yes_no', 'number', 'choice', 'text', 'date_time')),
  label text not null check (btrim(label) <> ''),
  required boolean not null default false,
  unit text,
  min double precision,
  max double precision,
  choices text[] not null default '{}',
  unique (hospital_id, specialty_id, position)
);

create table cases (
  id text primary key,
  hospital_id text not null references hospitals (id),
  case_number integer not null,
  display_number text not null,
  specialty_id text not null references specialties (id),
  urgency text not null check (urgency in ('emergent', 'urgent', 'routine')),
  status text not null check (status in ('pending', 'escalated', 'accepted', 'responded', 'closed', 'cancelled')),
  patient_age integer not null check (patient_age between 0 and 130),
  patient_sex text not null check (patient_sex in ('female', 'male', 'other', 'unknown')),
  patient_mrn text,
  patient_initials text,
  door_time timestamptz not null,
  chief_complaint text not null,
  clinical_summary text,
  vitals jsonb not null default '{}',
  triage_answers jsonb not null default '{}',
  opened_by text not null references users (id),
  assigned_to text references users (id),
  idempotency_key text,
  no_coverage boolean not null default false,
  routing_step text not null check (routing_step in ('primary', 'backup', 'all')),
  ack_due_at timestamptz,
  realert_due_at timestamptz,
  -- The worker's one index: the earliest timer of a waiting case (least ignores nulls).
  next_due_at timestamptz generated always as (least(ack_due_at, realert_due_at)) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  accepted_at timestamptz,
  responded_at timestamptz,
  closed_at timestamptz,
  cancelled_at timestamptz,
  cancel_reason text,
  close_disposition text,
  close_note text,
  unique (hospital_id, case_number),
  unique (opened_by, idempotency_key)
);

create index cases_hospital_created_idx on cases (hospital_id, created_at desc, id desc);
create index cases_opened_by_created_idx on cases (opened_by, created_at desc, id desc);
create index cases_assigned_to_idx on cases (assigned_to) where assigned_to is not null;
create index cases_next_due_idx on cases (next_due_at) where next_due_at is not null;
create index cases_display_number_idx on cases (hospital_id, display_number text_pattern_ops);

create table case_offers (
  id text primary key,
  case_id text not null references cases (id),
  specialist_id text not null references users (id),
  step text not null check (step in ('primary', 'backup', 'all')),
  offered_at timestamptz not null,
  delivered_at timestamptz,
  seen_at timestamptz,
  accepted_at timestamptz,
  declined_at timestamptz,
  decline_reason text,
  -- Still awaiting this specialist's answer: cleared by its answer, an accept by anyone, or a cancel.
  active boolean not null default true,
  last_alerted_at timestamptz not null,
  alert_count integer not null default 1,
  unique (case_id, specialist_id)
);

create index case_offers_specialist_idx on case_offers (specialist_id, case_id);

create table case_events (
  id bigint generated always as identity primary key,
  case_id text not null references cases (id),
  at timestamptz not null,
  kind text not null,
  actor_id text references users (id),
  data jsonb not null default '{}'
);

create index case_events_case_idx on case_events (case_id, id);

create table case_messages (
  id text primary key,
  case_id text not null references cases (id),
  author_id text not null references users (id),
  body text not null,
  created_at timestamptz not null
);

create index case_messages_case_idx on case_messages (case_id, created_at);

create table consultations (
  case_id text primary key references cases (id),
  author_id text not null references users (id),
  recommendation text not null,
  disposition text not null,
  follow_up text,
  created_at timestamptz not null
);

create table attachments (
  id text primary key,
  case_id text not null references cases (id),
  uploaded_by text not null references users (id),
  file_name text not null,
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'application/pdf')),
  size integer not null,
  width integer,
  height integer,
  blob_key text not null,
  thumbnail_key text,
  created_at timestamptz not null
);

create index attachments_case_idx on attachments (case_id, created_at);

create table notifications (
  id text primary key,
  user_id text not null references users (id),
  case_id text references cases (id),
  kind text not null,
  actor_id text references users (id),
  action text not null,
  message text,
  created_at timestamptz not null,
  read_at timestamptz
);

create index notifications_user_idx on notifications (user_id, created_at desc, id desc);
create index notifications_unread_idx on notifications (user_id) where read_at is null;

-- Append-only: a case read (case_id) or a list of cases read at once (case_ids). No foreign keys, so that
-- nothing can ever force an audit row away.
create table audit_events (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  user_id text,
  action text not null,
  case_id text,
  case_ids text[],
  address text
);

create index audit_events_case_idx on audit_events (case_id, id) where case_id is not null;
create index audit_events_case_ids_idx on audit_events using gin (case_ids) where case_ids is not null;

create function audit_events_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit events are append-only: % is not allowed', tg_op;
end
$$;

create trigger audit_events_no_update_or_delete before update or delete on audit_events
  for each row execute function audit_events_append_only();
create trigger audit_events_no_truncate before truncate on audit_events
  for each statement execute function audit_events_append_only();
