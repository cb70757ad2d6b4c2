// `auth_token` in local storage: a fallback bearer when no silent token is available. Local storage outlives
// the tab and any script on the page can read it, so what is kept there is kept short: only an access token (a
// JWT with an expiry; never a refresh token or anything opaque), dropped once it has expired, on sign-out and on
// a 401. The auth session owns it; these functions take the storage they work on.
import { AUTH_TOKEN_STORAGE_KEY } from '../../config/constants.ts';

export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

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
export function readAuthToken(storage: TokenStorage, now: number): string | null {
  const token = storage.getItem(AUTH_TOKEN_STORAGE_KEY);
  if (token === null) return null;
  const expiry = accessTokenExpiry(token);
  if (expiry === undefined || expiry <= now) {
    storage.removeItem(AUTH_TOKEN_STORAGE_KEY);
    return null;
  }
  return token;
}

/** Stores an access token; anything else (an opaque refresh token) is never written, and clears what was. */
export function writeAuthToken(storage: TokenStorage, token: string): void {
  if (accessTokenExpiry(token) === undefined) {
    storage.removeItem(AUTH_TOKEN_STORAGE_KEY);
    return;
  }
  storage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
}

export function removeAuthToken(storage: TokenStorage): void {
  storage.removeItem(AUTH_TOKEN_STORAGE_KEY);
}
