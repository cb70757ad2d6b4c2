-- Sign-in throttling counted atomically: one row per key ('pair:<email>|<address>' or 'address:<ip>'),
-- claimed by a single statement before the password is checked, so parallel attempts cannot all pass the
-- check. A key past its free attempts is held until blocked_until, a delay that doubles with each failure.
create table sign_in_throttles (
  key text primary key,
  failures integer not null,
  last_failure_at timestamptz not null,
  blocked_until timestamptz
);

create index sign_in_throttles_last_failure_at_idx on sign_in_throttles (last_failure_at);

-- Replaced by sign_in_throttles.
drop table login_failures;

-- What a case's Idempotency-Key was first sent with (a SHA-256 of the request body): the same key with
-- another body is refused (422) instead of answering with the first case.
alter table cases add column idempotency_fingerprint text;
