-- Administration of the organisation: versions for optimistic concurrency on the records administrators edit,
-- and retired specialties.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

-- A save names the version it was made on; a save against an older version is refused (no silent overwrite).
alter table hospitals add column version integer not null default 1;
alter table specialties add column version integer not null default 1;
-- A retired specialty keeps its history and is no longer offered for new cases or shifts.
alter table specialties add column retired_at timestamptz;
