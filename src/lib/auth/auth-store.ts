// The sign-in state React reads: interaction progress, the active account, its roles, whether a token is
// held. One small external store, fed by MSAL's events and our own start-up steps.
import type { AccountInfo } from '@azure/msal-browser';
import { useSyncExternalStore } from 'react';
import { TOKEN_REFRESH_BUFFER_SECONDS } from '../../config/constants.ts';
import { type InteractionEvent, type InteractionState, interactionReducer } from './interaction.ts';
import { rolesOrEmpty } from './role-claims.ts';
import { tokenExpiry } from './token-claims.ts';

export interface AuthSnapshot {
  readonly interaction: InteractionState;
  readonly account: AccountInfo | null;
  readonly roles: readonly string[];
  /** A token was acquired for the active account and the session has not ended since. */
  readonly authenticated: boolean;
}

const initial: AuthSnapshot = { interaction: 'startup', account: null, roles: [], authenticated: false };

let snapshot: AuthSnapshot = initial;
let accessToken: string | null = null;
let heldExpiry: { readonly token: string; readonly renewAt: number } | null = null;
const listeners = new Set<() => void>();

function publish(next: AuthSnapshot): void {
  if (next === snapshot) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

export function getAuthSnapshot(): AuthSnapshot {
  return snapshot;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dispatchInteraction(event: InteractionEvent): void {
  const interaction = interactionReducer(snapshot.interaction, event);
  if (interaction !== snapshot.interaction) publish({ ...snapshot, interaction });
}

function sameAccount(a: AccountInfo | null, b: AccountInfo | null): boolean {
  return a?.homeAccountId === b?.homeAccountId && a?.idToken === b?.idToken;
}

export function setAccount(account: AccountInfo | null): void {
  if (sameAccount(account, snapshot.account)) return;
  const keepsToken = account !== null && account.homeAccountId === snapshot.account?.homeAccountId;
  if (!keepsToken) accessToken = null;
  publish({
    ...snapshot,
    account,
    roles: account ? rolesOrEmpty(account.idTokenClaims, accessToken) : [],
    authenticated: keepsToken && snapshot.authenticated,
  });
}

/**
 * A token was acquired for the active account. `expiresOn` is MSAL's: the time the provider gave it to live,
 * counted on this device's clock from its arrival, so a device clock that is off does not matter.
 */
export function setAccessToken(token: string, expiresOn?: Date | null): void {
  accessToken = token;
  heldExpiry = expiresOn
    ? { token, renewAt: expiresOn.getTime() - TOKEN_REFRESH_BUFFER_SECONDS * 1000 }
    : null;
  const roles = snapshot.account ? rolesOrEmpty(snapshot.account.idTokenClaims, token) : [];
  const sameRoles =
    roles.length === snapshot.roles.length && roles.every((role, i) => role === snapshot.roles[i]);
  if (snapshot.authenticated && sameRoles) return;
  publish({
    ...snapshot,
    roles: sameRoles ? snapshot.roles : roles,
    authenticated: snapshot.account !== null,
  });
}

/**
 * The token acquired last while it is good for longer than the refresh buffer, else null: the API's calls take
 * it without asking MSAL each time, and MSAL renews it past that point. Its end is MSAL's `expiresOn`, else
 * (a token given without it) the token's own `exp`, read once.
 */
export function freshAccessToken(now: number = Date.now()): string | null {
  const token = accessToken;
  if (token === null) return null;
  if (heldExpiry?.token !== token) {
    try {
      heldExpiry = { token, renewAt: (tokenExpiry(token) - TOKEN_REFRESH_BUFFER_SECONDS) * 1000 };
    } catch {
      return null;
    }
  }
  return now < heldExpiry.renewAt ? token : null;
}

export function clearSession(): void {
  accessToken = null;
  publish({ ...snapshot, account: null, roles: [], authenticated: false });
}

export function useAuthSnapshot(): AuthSnapshot {
  return useSyncExternalStore(subscribeAuth, getAuthSnapshot, getAuthSnapshot);
}
