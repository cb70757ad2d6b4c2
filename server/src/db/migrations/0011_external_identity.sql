-- Users of an external authority (Entra ID) are known by the authority's immutable identifiers: the tenant
-- (tid) and the object id of the user in it (oid). Email, preferred_username and upn can be changed by the
-- tenant's administrators (and some by the users), so they only bind an account at its first sign-in.
-- Runs on PostgreSQL 15 and on PGlite.

alter table users add column external_tenant_id text;
alter table users add column external_object_id text;

alter table users add constraint users_external_identity_complete
  check ((external_tenant_id is null) = (external_object_id is null));

create unique index users_external_identity_idx on users (external_tenant_id, external_object_id)
  where external_object_id is not null;
