-- Clinical targets: how soon a specialist should accept a case of a specialty and urgency at a hospital
-- (e.g. stroke: Neurology, emergent, within 15 minutes). Without a row, the urgency's acknowledgement time
-- is the target.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

create table clinical_targets (
  hospital_id text not null references hospitals (id),
  specialty_id text not null references specialties (id),
  urgency text not null check (urgency in ('emergent', 'urgent', 'routine')),
  accept_within_seconds integer not null check (accept_within_seconds between 60 and 86400),
  primary key (hospital_id, specialty_id, urgency)
);

-- A case keeps the target it was opened under: a target changed later does not rewrite its history.
alter table cases add column target_due_at timestamptz;

update cases c set target_due_at = c.created_at + make_interval(secs => case c.urgency
    when 'emergent' then coalesce(s.ack_seconds_emergent, 300)
    when 'urgent' then coalesce(s.ack_seconds_urgent, 900)
    else coalesce(s.ack_seconds_routine, 3600) end)
  from hospitals h left join hospital_case_settings s on s.hospital_id = h.id
  where h.id = c.hospital_id;

alter table cases alter column target_due_at set not null;
