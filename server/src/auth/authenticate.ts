import type { FastifyRequest } from 'fastify';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { recordAdminChange } from '../audit/admin-audit-repository.ts';
import type { Config } from '../config.ts';
import type { Database, Unlisten } from '../db/database.ts';
import { authenticationRequired, invalidToken } from '../errors.ts';
import { loadPublicJwks } from '../identity/keys.ts';
import type { Caller } from './caller.ts';
import {
  bindExternalIdentity,
  findUserByEmail,
  findUserByExternalIdentity,
  findUserById,
  isDemoAccount,
  type UserRecord,
} from '../users/users-repository.ts';

export interface Authenticator {
  (request: FastifyRequest): Promise<void>;
  /** The users it keeps; forgetChangedUsers keeps them current. */
  readonly users: UserCache;
}

export const authDetails = {
  expired: 'Invalid or expired token: the token has expired',
  invalid: 'Invalid or expired token',
  audience: 'Invalid or expired token: it was not issued for this API',
  issuer: 'Invalid or expired token: it was not issued by this application’s sign-in authority',
  type: 'Invalid or expired token: it is not an access token',
  unknownUser: 'Invalid or expired token: no user matches it',
  noExternalIdentity:
    'Invalid or expired token: it carries no tid and oid claims (the tenant and user ids that never change)',
  deactivated: 'This account has been deactivated. Ask your hospital administrator to reactivate it.',
} as const;

/** The channel the users table notifies on every change of a user (migration 0006), with the user's id. */
export const USER_CHANGED_CHANNEL = 'case_router_user_changed';

// An unknown kid makes us re-read the keys, at most this often (a key added by another process, a rotation).
const KEY_RELOAD_INTERVAL_MS = 30_000;
// And the keys are re-read this often anyway: a retired key stops verifying in every process within a minute.
const KEY_MAX_AGE_MS = 60_000;

/** Our own provider's keys, read straight from the database: no HTTPS round trip to ourselves, no CA to trust. */
function embeddedKeys(db: Database): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  let loadedAt = 0;
  const load = (): Promise<JWTVerifyGetKey> => {
    loadedAt = Date.now();
    const loading = loadPublicJwks(db).then((jwks) => createLocalJWKSet(jwks));
    keys = loading;
    loading.catch(() => {
      if (keys === loading) keys = undefined;
    });
    return loading;
  };
  return async (header, token) => {
    const current = keys !== undefined && Date.now() - loadedAt <= KEY_MAX_AGE_MS ? keys : load();
    try {
      return await (
        await current
      )(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey && Date.now() - loadedAt > KEY_RELOAD_INTERVAL_MS) {
        return (await load())(header, token);
      }
      throw error;
    }
  };
}

interface Verification {
  readonly issuer: string;
  readonly keys: JWTVerifyGetKey;
}

/**
 * An external authority (e.g. Entra ID): its discovery document names its keys and the issuer its tokens carry,
 * which for Entra depends on the authority's form (…/v2.0 or not), so it is read rather than assumed.
 */
function discoverExternal(authority: string): () => Promise<Verification> {
  let verification: Promise<Verification> | undefined;
  const discover = async (): Promise<Verification> => {
    const response = await fetch(`${authority}/.well-known/openid-configuration`);
    if (!response.ok) throw new Error(`Discovery at ${authority} answered ${response.status}`);
    const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (typeof document.jwks_uri !== 'string' || typeof document.issuer !== 'string') {
      throw new Error(`Discovery at ${authority} names no issuer or jwks_uri`);
    }
    return { issuer: document.issuer, keys: createRemoteJWKSet(new URL(document.jwks_uri)) };
  };
  return () => {
    const loading = (verification ??= discover());
    loading.catch(() => {
      if (verification === loading) verification = undefined;
    });
    return loading;
  };
}

function detailFor(error: errors.JOSEError): string {
  if (error instanceof errors.JWTExpired) return authDetails.expired;
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return authDetails.audience;
    if (error.claim === 'iss') return authDetails.issuer;
    if (error.claim === 'typ') return authDetails.type;
  }
  return authDetails.invalid;
}

function bearerToken(request: FastifyRequest): string {
  const match = /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw authenticationRequired();
  return match[1];
}

/**
 * The users behind verified tokens, for a few seconds: every API request needs its caller's roles, active flag,
 * hospital and specialties, and reading them once per request is a round trip on the hottest paths (the case
 * list, the event stream's reconnects). Only found users are kept, so a new account works at once; a changed
 * user is forgotten as soon as the database says so (`forget`, fed by LISTEN in every process), and `ttlMs`
 * bounds what a lost notification could cost.
 */
export class UserCache {
  private readonly entries = new Map<string, { readonly user: UserRecord; readonly until: number }>();
  /** Raised by every forget: a load that started before it must not store what it read. */
  private generation = 0;

  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly capacity: number;

  constructor(ttlMs: number, now: () => number = Date.now, capacity = 10_000) {
    this.ttlMs = ttlMs;
    this.now = now;
    this.capacity = capacity;
  }

  async get(key: string, load: () => Promise<UserRecord | undefined>): Promise<UserRecord | undefined> {
    if (this.ttlMs <= 0) return load();
    const cached = this.entries.get(key);
    const now = this.now();
    if (cached && cached.until > now) return cached.user;
    const generation = this.generation;
    const user = await load();
    if (!user) {
      this.entries.delete(key);
      return undefined;
    }
    if (generation !== this.generation) return user;
    // Bounded: past the capacity the oldest entry goes (a Map iterates in insertion order).
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { user, until: now + this.ttlMs });
    return user;
  }

  /** Drops the user's entries: the next request reads them afresh. */
  forget(userId: string): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(key);
    }
  }
}

/** Forgets every changed user as the database announces it, in this process; resolves once listening. */
export function forgetChangedUsers(db: Database, cache: UserCache): Promise<Unlisten> {
  return db.listen(USER_CHANGED_CHANNEL, (userId) => {
    cache.forget(userId);
  });
}

async function userFor(
  db: Database,
  payload: JWTPayload,
  embedded: boolean,
): Promise<UserRecord | undefined> {
  if (embedded) return payload.sub === undefined ? undefined : findUserById(db, payload.sub);
  const identity = externalIdentityOf(payload);
  if (identity === undefined) throw invalidToken(authDetails.noExternalIdentity);
  // An external authority's user is its tenant and object id, which never change (Entra ID's tid and oid).
  const bound = await findUserByExternalIdentity(db, identity.tenantId, identity.objectId);
  if (bound) return bound;
  // The first sign-in of an account an administrator made by email: the email the authority asserts binds it
  // to the identity, once. From then on the email claims decide nothing: a renamed account is still found, and
  // another identity asserting the same email is no one.
  const email = [payload['email'], payload['preferred_username'], payload['upn']].find(
    (claim): claim is string => typeof claim === 'string' && claim.includes('@'),
  );
  const byEmail = email === undefined ? undefined : await findUserByEmail(db, email);
  if (!byEmail) return undefined;
  const claimed = await db.transaction(async (tx) => {
    if (!(await bindExternalIdentity(tx, byEmail.id, identity.tenantId, identity.objectId))) return false;
    await recordAdminChange(tx, {
      actorId: byEmail.id,
      action: 'user.external_identity_bound',
      targetType: 'user',
      targetId: byEmail.id,
      hospitalSystemId: byEmail.hospitalSystemId,
      hospitalId: byEmail.hospitalId,
      before: null,
      after: { tenantId: identity.tenantId, objectId: identity.objectId },
      address: null,
      at: new Date(),
    });
    return true;
  });
  return claimed ? byEmail : undefined;
}

/** Entra ID's immutable identifiers of the user: the tenant (tid) and the user's object id in it (oid). */
function externalIdentityOf(payload: JWTPayload): { tenantId: string; objectId: string } | undefined {
  const tenantId = payload['tid'];
  const objectId = payload['oid'];
  const bounded = (value: unknown): value is string =>
    typeof value === 'string' && value.length > 0 && value.length <= 128;
  return bounded(tenantId) && bounded(objectId) ? { tenantId, objectId } : undefined;
}

/** Verifies the bearer access token and sets request.caller; throws a 401 with a clear detail otherwise. */
export function createAuthenticator({
  config,
  db,
  now,
}: {
  config: Config;
  db: Database;
  /** The cache's clock, for tests. */
  now?: () => number;
}): Authenticator {
  const { embedded, issuer, apiAudience } = config.identity;
  const users = new UserCache(config.authUserCacheSeconds * 1000, now);
  const ownKeys = embeddedKeys(db);
  const verification: () => Promise<Verification> = embedded
    ? () => Promise.resolve({ issuer, keys: ownKeys })
    : discoverExternal(issuer);

  const authenticate = async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    const expected = await verification();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, expected.keys, {
        issuer: expected.issuer,
        audience: apiAudience,
        algorithms: ['RS256'],
        // A token that never expires would be a key for ever (and an event stream without end).
        requiredClaims: ['exp'],
        // Our provider types its access tokens (RFC 9068); Entra ID's carry typ JWT.
        ...(embedded ? { typ: 'at+jwt' } : {}),
      }));
    } catch (error) {
      if (error instanceof errors.JOSEError) throw invalidToken(detailFor(error));
      throw error;
    }
    // Keyed by what finds the user: the subject, or an external authority's tenant and object id.
    const key = JSON.stringify(embedded ? [payload.sub] : [payload['tid'], payload['oid']]);
    const user = await users.get(key, () => userFor(db, payload, embedded));
    // A production server that was not told to seed the demo knows no demo account.
    if (!user || (!config.demoAccountsAccepted && isDemoAccount(user.id))) {
      throw invalidToken(authDetails.unknownUser);
    }
    // Refused at once, whatever the token says: a deactivated account calls the API no more.
    if (!user.active) throw invalidToken(authDetails.deactivated);
    const caller: Caller = {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      // The roles the user holds now, from the database: a role removed is gone on the next request.
      roles: [...user.roles],
      hospitalSystemId: user.hospitalSystemId,
      hospitalId: user.hospitalId,
      specialtyTypes: user.specialtyTypes,
      ...(payload.exp === undefined ? {} : { expiresAt: payload.exp * 1000 }),
    };
    request.caller = caller;
  };
  return Object.assign(authenticate, { users });
}
