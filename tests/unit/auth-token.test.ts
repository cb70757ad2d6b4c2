// The `auth_token` kept in local storage (the fallback bearer) holds an access token only, and only
// while it is valid: never a refresh token or anything opaque, and an expired one is dropped when read.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/config/constants.ts';
import {
  accessTokenExpiry,
  readAuthToken,
  removeAuthToken,
  writeAuthToken,
} from '../../src/lib/auth/auth-token.ts';
import { MemoryStorage } from '../support/msw-server.ts';
import { fakeJwt } from '../support/msw-tokens.ts';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const valid = fakeJwt({ exp: NOW / 1000 + 3600, typ: 'at+jwt' });
const expired = fakeJwt({ exp: NOW / 1000 - 1 });

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('auth_token in local storage', () => {
  it('keeps an access token while it is valid', () => {
    writeAuthToken(localStorage, valid);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe(valid);
    expect(readAuthToken(localStorage, NOW)).toBe(valid);
    expect(accessTokenExpiry(valid)).toBe(NOW + 3_600_000);
  });

  it('never writes a refresh token or anything else that is not a JWT access token, and clears what was', () => {
    writeAuthToken(localStorage, valid);
    writeAuthToken(localStorage, '0.ARoAv4j5cvGGr0GRqy180BHbR_opaque-refresh-token');
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    writeAuthToken(localStorage, fakeJwt({ sub: 'no expiry' }));
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('drops an expired or malformed token when it is read, instead of sending it', () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, expired);
    expect(readAuthToken(localStorage, NOW)).toBeNull();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'not-a-token');
    expect(readAuthToken(localStorage, NOW)).toBeNull();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('is removed on request', () => {
    writeAuthToken(localStorage, valid);
    removeAuthToken(localStorage);
    expect(readAuthToken(localStorage, NOW)).toBeNull();
  });
});
