-- Schedules: no two primary shifts of one specialty at a hospital overlap (an exclusion constraint, so that
-- it holds under concurrent writes), each shift's history, the specialists' weekly availability and time
-- off, and the calendar feeds that publish a specialist's shifts.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18, with the btree_gist extension loaded).

-- In public, not in the first schema of the search path: the extension belongs to the whole database, and
-- the default operator class an index needs is found whatever the search path.
create extension if not exists btree_gist with schema public;

-- No two primary shifts of one specialty overlap; touching ends ([08:00, 20:00) then [20:00, 08:00)) do not.
alter table on_call_shifts
  add constraint on_call_shifts_no_overlap
  exclude using gist (hospital_id with =, specialty_id with =, tstzrange(starts_at, ends_at, '[)') with &&);

alter table on_call_shifts add column updated_at timestamptz not null default now();

create index on_call_shifts_primary_idx on on_call_shifts (primary_id, ends_at);
create index on_call_shifts_backup_idx on on_call_shifts (backup_id, ends_at) where backup_id is not null;

-- Who changed a shift and when: created, changed, handed over (data says from whom to whom, from when).
create table on_call_shift_events (
  id bigint generated always as identity primary key,
  shift_id text not null references on_call_shifts (id) on delete cascade,
  at timestamptz not null,
  kind text not null check (kind in ('created', 'updated', 'handed_over', 'split')),
  actor_id text references users (id),
  data jsonb not null default '{}'
);

create index on_call_shift_events_shift_idx on on_call_shift_events (shift_id, id);

-- Recurring weekly availability in the hospital's time zone: ISO weekday (1 Monday … 7 Sunday) and wall
-- times; an end at or before the start runs past midnight into the next day.
create table specialist_availability (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  weekday integer not null check (weekday between 1 and 7),
  starts_time time not null,
  ends_time time not null,
  check (ends_time <> starts_time)
);

create index specialist_availability_user_idx on specialist_availability (user_id, weekday);

-- Time off: whole days in the hospital's time zone, both ends included.
create table specialist_time_off (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  starts_on date not null,
  ends_on date not null,
  note text not null default '',
  created_at timestamptz not null default now(),
  check (ends_on >= starts_on)
);

create index specialist_time_off_user_idx on specialist_time_off (user_id, starts_on);

-- A specialist's calendar feed: only the token's hash is kept, so the database never holds a working URL;
-- a new token replaces the old one, and deleting the row revokes it.
create table calendar_feeds (
  user_id text primary key references users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now()
);
