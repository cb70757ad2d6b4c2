// MSAL's own cache entries, read before MSAL's code has arrived: the active account and an access token for the
// API that MSAL itself would hand out without asking the provider. This reads MSAL's store (the tab's session
// storage, cache schema 3); it keeps no copy. Anything unexpected (another schema, a sign-in under way, a token
// near its end, a missing or malformed entry) answers null, and start-up waits for MSAL as it always did.
import type { AccountInfo, AuthenticationResult } from '@azure/msal-browser';
import { decodeTokenPayload } from './token-claims.ts';

/** The cache schema these entries were written in (MSAL 5 writes `msal.3|…` keys). */
const SCHEMA = 3;
/** MSAL renews a token this long before it ends (its default `tokenRenewalOffsetSeconds`): it would not hand it out later. */
export const RENEWAL_OFFSET_SECONDS = 300;
/** Scopes every sign-in carries; MSAL leaves them out when it matches a token's scopes. */
const OIDC_SCOPES = new Set(['openid', 'profile', 'offline_access', 'email']);
/** Keys MSAL writes while an interaction (a redirect, a popup) is under way: its own start-up must run then. */
const INTERACTION_KEYS = ['request.', 'interaction.status', 'code.verifier', 'urlHash'];

/** What MSAL's silent call would answer from its cache for the active account, read without MSAL. */
export interface CachedSession {
  readonly account: AccountInfo;
  readonly result: AuthenticationResult;
}

type Entry = Record<string, unknown>;

function entryOf(storage: Storage, key: string): Entry | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Entry) : null;
  } catch {
    return null;
  }
}

const text = (entry: Entry, field: string): string | undefined =>
  typeof entry[field] === 'string' ? entry[field] : undefined;

function keysOf(storage: Storage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null) keys.push(key);
  }
  return keys;
}

function scopesCovered(requested: readonly string[], target: string): boolean {
  const held = new Set(target.toLowerCase().split(' ').filter(Boolean));
  return requested
    .map((scope) => scope.toLowerCase())
    .filter((scope) => !OIDC_SCOPES.has(scope))
    .every((scope) => held.has(scope));
}

function accountOf(entry: Entry, idToken: string | undefined): AccountInfo | null {
  const homeAccountId = text(entry, 'homeAccountId');
  const environment = text(entry, 'environment');
  const localAccountId = text(entry, 'localAccountId');
  const username = text(entry, 'username');
  if (!homeAccountId || !environment || localAccountId === undefined || username === undefined) return null;
  let claims: Record<string, unknown> | null;
  try {
    claims = idToken ? decodeTokenPayload(idToken) : null;
  } catch {
    return null;
  }
  const name = text(entry, 'name');
  return {
    homeAccountId,
    environment,
    tenantId: text(entry, 'realm') ?? '',
    username,
    localAccountId,
    ...(name === undefined ? {} : { name }),
    ...(idToken ? { idToken } : {}),
    ...(claims ? { idTokenClaims: claims } : {}),
  };
}

/**
 * The active account and its access token for `scopes`, as MSAL's cache holds them, when MSAL would answer a
 * silent request from that cache at `nowSeconds`; otherwise null.
 */
export function readCachedSession(
  storage: Storage,
  clientId: string,
  scopes: readonly string[],
  nowSeconds: number,
): CachedSession | null {
  const keys = keysOf(storage);
  const temporaryPrefix = `msal.${clientId}.`;
  if (
    keys.some((key) => key.startsWith(temporaryPrefix) && INTERACTION_KEYS.some((part) => key.includes(part)))
  )
    return null;
  const active = entryOf(storage, `msal.${clientId}.active-account-filters`);
  const homeAccountId = active ? text(active, 'homeAccountId') : undefined;
  const index = entryOf(storage, `msal.${SCHEMA}.token.keys.${clientId}`);
  if (!homeAccountId || !index) return null;
  const listed = (field: string): Entry[] => {
    const list = index[field];
    if (!Array.isArray(list)) return [];
    return list
      .filter((key): key is string => typeof key === 'string')
      .map((key) => entryOf(storage, key))
      .filter((entry): entry is Entry => entry !== null && entry['homeAccountId'] === homeAccountId);
  };
  const token = listed('accessToken').find((entry) => {
    const expiresOn = Number(text(entry, 'expiresOn'));
    const target = text(entry, 'target');
    return (
      entry['clientId'] === clientId &&
      text(entry, 'secret') !== undefined &&
      (text(entry, 'tokenType') ?? 'Bearer').toLowerCase() === 'bearer' &&
      target !== undefined &&
      scopesCovered(scopes, target) &&
      Number.isFinite(expiresOn) &&
      expiresOn - RENEWAL_OFFSET_SECONDS > nowSeconds
    );
  });
  const idToken = listed('idToken').map((entry) => text(entry, 'secret'))[0];
  const accountKey = keys.find(
    (key) => key.startsWith(`msal.${SCHEMA}|${homeAccountId}|`) && key.endsWith('|'),
  );
  const accountEntry = accountKey ? entryOf(storage, accountKey) : null;
  const account = accountEntry ? accountOf(accountEntry, idToken) : null;
  if (!token || !account || !idToken) return null;
  const accessToken = text(token, 'secret') ?? '';
  return {
    account,
    result: {
      authority: '',
      uniqueId: account.localAccountId,
      tenantId: account.tenantId,
      scopes: (text(token, 'target') ?? '').split(' ').filter(Boolean),
      account,
      idToken,
      idTokenClaims: account.idTokenClaims ?? {},
      accessToken,
      fromCache: true,
      expiresOn: new Date(Number(text(token, 'expiresOn')) * 1000),
      tokenType: 'Bearer',
      correlationId: '',
    },
  };
}
