-- The embedded OpenID Connect provider's state: sessions, grants, codes, refresh tokens, interactions
-- (one row per oidc-provider model instance), its keys, and failed sign-ins for rate limiting.
-- Kept in the database so that a restart, or a second server process, signs nobody out.

create table oidc_payloads (
  id text not null,
  type text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (type, id)
);

create index oidc_payloads_grant_id_idx on oidc_payloads (grant_id) where grant_id is not null;
create index oidc_payloads_uid_idx on oidc_payloads (uid) where uid is not null;
create index oidc_payloads_user_code_idx on oidc_payloads (user_code) where user_code is not null;
create index oidc_payloads_expires_at_idx on oidc_payloads (expires_at) where expires_at is not null;

-- One row per purpose: 'signing' (the private RSA JWK, kid = its thumbprint), 'cookies' (cookie signing secrets).
create table oidc_keys (
  purpose text primary key,
  kid text,
  material jsonb not null,
  created_at timestamptz not null default now()
);

-- key is 'account:<email>' or 'address:<ip>'.
create table login_failures (
  key text not null,
  failed_at timestamptz not null default now()
);

create index login_failures_key_failed_at_idx on login_failures (key, failed_at);
