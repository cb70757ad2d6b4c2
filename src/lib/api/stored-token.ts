// The `auth_token` in local storage: a fallback bearer when no silent token is available. Local storage
// outlives the tab and any script on the page can read it, so what is kept there is kept short: only an access
// token (a JWT with an expiry; never a refresh token or anything opaque), dropped once it has expired, on
// sign-out and on a 401 (session.ts).
//
// Beside it, in the tab's session storage (where MSAL keeps its own cache, the same token included), the tab's
// held token: the last one MSAL gave, the account it was given to and the sign-in that asked, and when it ends
// on this device's clock. A reload starts the session with it while it is good for longer than the refresh
// buffer, before MSAL's code has even loaded. It goes with auth_token, and on sign-out.
import type { AccountInfo } from '@azure/msal-browser';
import { AUTH_TOKEN_STORAGE_KEY, HELD_TOKEN_STORAGE_KEY } from '../../config/constants.ts';

/** The token's expiry (ms since the epoch) when it is a JWT that has one; undefined otherwise. */
export function accessTokenExpiry(token: string): number | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  try {
    const json = atob(parts[1].replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** The stored access token while it is valid; an expired or malformed one is removed instead. */
export function readStoredToken(now: number = Date.now()): string | null {
  const token = localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
  if (token === null) return null;
  const expiry = accessTokenExpiry(token);
  if (expiry === undefined || expiry <= now) {
    localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
    return null;
  }
  return token;
}

/** Stores an access token; anything else (an opaque refresh token) is never written, and clears what was. */
export function writeStoredToken(token: string): void {
  if (accessTokenExpiry(token) === undefined) {
    localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
    return;
  }
  localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
}

/** The tab's session storage; null where there is none or the browser refuses it (then nothing is held). */
function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function removeStoredToken(): void {
  localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
  removeHeldToken();
}

/**
 * The account a held token was given to, as MSAL described it: what the app reads of an account (its ids, its
 * name, the ID token and its claims, which carry the roles). MSAL keeps the same in the same storage.
 */
export interface HeldAccount {
  readonly homeAccountId: string;
  readonly environment: string;
  readonly tenantId: string;
  readonly username: string;
  readonly localAccountId: string;
  readonly name?: string;
  readonly idToken?: string;
  readonly idTokenClaims?: AccountInfo['idTokenClaims'];
}

/** The fields of an MSAL account a held token keeps. */
export function heldAccount(account: AccountInfo): HeldAccount {
  const { homeAccountId, environment, tenantId, username, localAccountId, name, idToken, idTokenClaims } =
    account;
  return {
    homeAccountId,
    environment,
    tenantId,
    username,
    localAccountId,
    ...(name === undefined ? {} : { name }),
    ...(idToken === undefined ? {} : { idToken }),
    ...(idTokenClaims === undefined ? {} : { idTokenClaims }),
  };
}

export interface HeldToken {
  /** The account the token was given to. */
  readonly account: HeldAccount;
  /** Which sign-in gave it: the client, authority and scopes it was asked with (see `heldTokenClient`). */
  readonly client: string;
  readonly accessToken: string;
  /** When the token ends, in ms since the epoch on this device's clock (MSAL's `expiresOn`). */
  readonly expiresOn: number;
  /** When it was kept, on this device's clock: a clock set back since then makes its end untrustworthy. */
  readonly heldAt: number;
}

/** The sign-in a held token belongs to: a tenant config with another client, authority or scopes asks anew. */
export function heldTokenClient(clientId: string, authority: string, scopes: readonly string[]): string {
  return JSON.stringify([clientId, authority, [...scopes].sort()]);
}

const ACCOUNT_IDS = ['homeAccountId', 'environment', 'tenantId', 'username', 'localAccountId'] as const;

function isHeldAccount(value: unknown): value is HeldAccount {
  if (typeof value !== 'object' || value === null) return false;
  const account = value as Record<string, unknown>;
  const claims = account['idTokenClaims'];
  return (
    ACCOUNT_IDS.every((key) => typeof account[key] === 'string') &&
    ['name', 'idToken'].every((key) => account[key] === undefined || typeof account[key] === 'string') &&
    (claims === undefined || (typeof claims === 'object' && claims !== null && !Array.isArray(claims)))
  );
}

function isHeldToken(value: unknown): value is HeldToken {
  if (typeof value !== 'object' || value === null) return false;
  const held = value as Record<string, unknown>;
  return (
    isHeldAccount(held['account']) &&
    typeof held['client'] === 'string' &&
    typeof held['accessToken'] === 'string' &&
    typeof held['expiresOn'] === 'number' &&
    Number.isFinite(held['expiresOn']) &&
    typeof held['heldAt'] === 'number' &&
    Number.isFinite(held['heldAt'])
  );
}

/** Whether the tab keeps a held token at all, good or not (what `readHeldToken` then checks). */
export function holdsToken(): boolean {
  return (tabStorage()?.getItem(HELD_TOKEN_STORAGE_KEY) ?? null) !== null;
}

export function removeHeldToken(): void {
  tabStorage()?.removeItem(HELD_TOKEN_STORAGE_KEY);
}

/** Keeps the tab's held token; a token that is not a JWT access token is not kept, and clears what was. */
export function writeHeldToken(held: HeldToken): void {
  const storage = tabStorage();
  if (storage === null) return;
  if (accessTokenExpiry(held.accessToken) === undefined) {
    storage.removeItem(HELD_TOKEN_STORAGE_KEY);
    return;
  }
  try {
    storage.setItem(HELD_TOKEN_STORAGE_KEY, JSON.stringify(held));
  } catch {
    // A full or refused storage holds nothing: the next reload asks MSAL, as it always could.
    storage.removeItem(HELD_TOKEN_STORAGE_KEY);
  }
}

/**
 * The tab's held token when it was given by the sign-in `client` and is good for longer than `minimumMs` from
 * `now`; null otherwise. One of another sign-in, unreadable, ending sooner, or kept "after" `now` (the
 * device's clock was set back) is removed.
 */
export function readHeldToken(client: string, minimumMs: number, now: number = Date.now()): HeldToken | null {
  const storage = tabStorage();
  const text = storage?.getItem(HELD_TOKEN_STORAGE_KEY) ?? null;
  if (storage === null || text === null) return null;
  let held: unknown;
  try {
    held = JSON.parse(text);
  } catch {
    held = null;
  }
  if (isHeldToken(held) && held.client === client && held.heldAt <= now && held.expiresOn - now > minimumMs)
    return held;
  storage.removeItem(HELD_TOKEN_STORAGE_KEY);
  return null;
}
