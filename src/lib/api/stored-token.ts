// The seed's `auth_token` in local storage: a fallback bearer when no silent token is available.
import { AUTH_TOKEN_STORAGE_KEY } from '../../config/constants.ts';

export function readStoredToken(): string | null {
  return localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
}

export function writeStoredToken(token: string): void {
  localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
}

export function removeStoredToken(): void {
  localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
}
