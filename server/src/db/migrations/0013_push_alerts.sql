-- Alerts that reach the specialist outside an open tab: the devices each user subscribed to Web Push, the
-- alerts waiting to be pushed (kept here so that a restart loses none), and the one-time credentials with
-- which a device's service worker reports that an offer reached it.
-- Runs on PostgreSQL 15 and on PGlite.

create table push_devices (
  -- Chosen by the device (kept in its browser): subscribing again replaces that device's endpoint.
  id text not null,
  user_id text not null references users (id),
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  label text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  last_delivered_at timestamptz,
  last_failed_at timestamptz,
  primary key (user_id, id)
);

create table push_outbox (
  id text primary key,
  user_id text not null references users (id),
  case_id text not null references cases (id),
  kind text not null,
  actor_id text references users (id),
  created_at timestamptz not null,
  -- When the next attempt is due; a claimed alert's lease moves it on, so a crash mid-send retries it.
  due_at timestamptz not null,
  attempts integer not null default 0
);

create index push_outbox_due_idx on push_outbox (due_at);

create table push_receipt_tokens (
  -- sha256 of the credential, never the credential itself.
  token_hash text primary key,
  offer_id text not null references case_offers (id),
  expires_at timestamptz not null
);

create index push_receipt_tokens_expiry_idx on push_receipt_tokens (expires_at);
