-- The hospital's switchboard number: the new-case form shows it when no specialist is on call for a
-- specialty, so the ER can still reach one by telephone. Its hospital administrator keeps it.
-- Runs on PostgreSQL 15 and on PGlite.

alter table hospitals add column switchboard_phone text;
alter table hospitals add constraint hospitals_switchboard_phone_length
  check (switchboard_phone is null or char_length(switchboard_phone) <= 40);
