-- The organisation: hospital systems (tenants), their hospitals and specialty catalogue, and users.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

create table hospital_systems (
  id text primary key,
  name text not null unique,
  created_at timestamptz not null default now()
);

create table hospitals (
  id text primary key,
  hospital_system_id text not null references hospital_systems (id),
  name text not null,
  short_code text not null check (short_code ~ '^[A-Z0-9]{2,8}$'),
  -- An IANA zone name: casting a timestamp into an unknown zone raises, so a typo never gets stored.
  time_zone text not null check ((timestamptz '2000-01-01 00:00:00+00' at time zone time_zone) is not null),
  created_at timestamptz not null default now(),
  unique (hospital_system_id, name),
  unique (hospital_system_id, short_code)
);

create index hospitals_hospital_system_id_idx on hospitals (hospital_system_id);

create table specialties (
  id text primary key,
  hospital_system_id text not null references hospital_systems (id),
  name text not null check (btrim(name) <> ''),
  created_at timestamptz not null default now(),
  unique (hospital_system_id, name)
);

create table users (
  id text primary key,
  email text not null check (position('@' in email) > 1),
  password_hash text,
  display_name text not null,
  roles text[] not null default '{}',
  hospital_system_id text not null references hospital_systems (id),
  hospital_id text references hospitals (id),
  specialty_types text[] not null default '{}',
  phone text,
  force_change_password_next_sign_in boolean not null default true,
  created_at timestamptz not null default now(),
  created_by text references users (id)
);

create unique index users_email_key on users (lower(email));
create index users_hospital_system_id_idx on users (hospital_system_id);
create index users_hospital_id_idx on users (hospital_id);
