-- SMS fallback: an offer not delivered to any of the specialist's devices (no push receipt, not seen in the
-- app) within a hospital's time for its urgency goes by SMS to the specialist's mobile number, when they
-- turned SMS fallback on. The waiting SMS are kept here, due at the offer's time plus that delay, so that a
-- restart loses none.
-- Runs on PostgreSQL 15 and on PGlite.

-- Per hospital and urgency: how long an offer may stay undelivered before it goes by SMS (10 s to 1 hour).
alter table hospital_case_settings
  add column sms_after_seconds_emergent integer not null default 60,
  add column sms_after_seconds_urgent integer not null default 120,
  add column sms_after_seconds_routine integer not null default 300;
alter table hospital_case_settings add constraint hospital_case_settings_sms_after_bounds check (
  sms_after_seconds_emergent between 10 and 3600 and sms_after_seconds_urgent between 10 and 3600
  and sms_after_seconds_routine between 10 and 3600);

-- Per user: SMS fallback to their phone (the profile's number), off until they turn it on.
alter table users add column sms_fallback boolean not null default false;

create table sms_outbox (
  id text primary key,
  user_id text not null references users (id),
  case_id text not null references cases (id),
  -- One waiting SMS per offer: an offer made again while its SMS waits keeps the one it has.
  offer_id text not null unique references case_offers (id),
  created_at timestamptz not null,
  -- When the next attempt is due: the offer's time plus the hospital's delay, then each retry's; a claimed
  -- SMS's lease moves it on, so a crash mid-send retries it.
  due_at timestamptz not null,
  attempts integer not null default 0
);

create index sms_outbox_due_idx on sms_outbox (due_at);
