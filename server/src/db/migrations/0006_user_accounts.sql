-- User accounts that administrators manage: an active flag (a deactivated user keeps their history but can
-- neither sign in nor call the API), a version for optimistic concurrency (a save against an old version is
-- refused), contact details, and the administrative audit log of every change to people and organisation.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

alter table users
  add column active boolean not null default true,
  add column version integer not null default 1 check (version > 0),
  add column pager text,
  add column updated_at timestamptz not null default now(),
  add column deactivated_at timestamptz;

create index users_hospital_id_active_idx on users (hospital_id, active);

-- Every change of a user reaches every server process on commit, so that no cached user outlives it.
create function users_notify_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('case_router_user_changed', coalesce(new.id, old.id));
  return null;
end
$$;

create trigger users_notify_change after update or delete on users
  for each row execute function users_notify_change();

-- Who changed what in the organisation (a user, a hospital, a specialty, …), before and after, when and
-- from where. Scoped by hospital system and, where the record belongs to one, hospital. Append-only.
create table admin_audit_events (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id text,
  action text not null,
  target_type text not null,
  target_id text not null,
  hospital_system_id text not null,
  hospital_id text,
  before jsonb,
  after jsonb,
  address text
);

create index admin_audit_events_system_idx on admin_audit_events (hospital_system_id, id);
create index admin_audit_events_hospital_idx on admin_audit_events (hospital_id, id) where hospital_id is not null;

create trigger admin_audit_events_no_update_or_delete before update or delete on admin_audit_events
  for each row execute function audit_events_append_only();
create trigger admin_audit_events_no_truncate before truncate on admin_audit_events
  for each statement execute function audit_events_append_only();
