// The `auth_token` kept in local storage (the fallback bearer) holds an access token only, and only
// while it is valid: never a refresh token or anything opaque, and an expired one is dropped when read.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY, HELD_TOKEN_STORAGE_KEY } from '../../src/config/constants.ts';
import {
  accessTokenExpiry,
  heldTokenClient,
  heldAccount,
  readHeldToken,
  readStoredToken,
  removeStoredToken,
  writeHeldToken,
  writeStoredToken,
} from '../../src/lib/api/stored-token.ts';
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
    writeStoredToken(valid);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe(valid);
    expect(readStoredToken(NOW)).toBe(valid);
    expect(accessTokenExpiry(valid)).toBe(NOW + 3_600_000);
  });

  it('never writes a refresh token or anything else that is not a JWT access token, and clears what was', () => {
    writeStoredToken(valid);
    writeStoredToken('0.ARoAv4j5cvGGr0GRqy180BHbR_opaque-refresh-token');
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    writeStoredToken(fakeJwt({ sub: 'no expiry' }));
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('drops an expired or malformed token when it is read, instead of sending it', () => {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, expired);
    expect(readStoredToken(NOW)).toBeNull();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'not-a-token');
    expect(readStoredToken(NOW)).toBeNull();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('is removed on request', () => {
    writeStoredToken(valid);
    removeStoredToken();
    expect(readStoredToken(NOW)).toBeNull();
  });
});

describe("the tab's held token in session storage", () => {
  const minimum = 300_000;
  const client = heldTokenClient('case-router-spa', 'https://app.test/oidc', [
    'openid',
    'api://case-router/access',
  ]);
  const account = {
    homeAccountId: 'account-1',
    environment: 'app.test',
    tenantId: 'case-router',
    username: 'doctor@sgh.example',
    localAccountId: 'account-1',
    name: 'Dr Example',
    idToken: 'header.payload.signature',
    idTokenClaims: { roles: ['er_doctor'] },
  };
  const held = {
    account,
    client,
    accessToken: valid,
    expiresOn: NOW + 3_600_000,
    heldAt: NOW - 60_000,
  };

  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
  });

  it('is read back for its sign-in while it is good for longer than the minimum', () => {
    writeHeldToken(held);
    expect(readHeldToken(client, minimum, NOW)).toEqual(held);
    expect(readHeldToken(client, minimum, NOW + 3_600_000 - minimum - 1)).toEqual(held);
  });

  it('names its sign-in by client, authority and scopes, whatever the order of the scopes', () => {
    expect(
      heldTokenClient('case-router-spa', 'https://app.test/oidc', ['api://case-router/access', 'openid']),
    ).toBe(client);
    expect(
      heldTokenClient('other-spa', 'https://app.test/oidc', ['openid', 'api://case-router/access']),
    ).not.toBe(client);
    expect(
      heldTokenClient('case-router-spa', 'https://other.test/oidc', ['openid', 'api://case-router/access']),
    ).not.toBe(client);
    expect(heldTokenClient('case-router-spa', 'https://app.test/oidc', ['openid'])).not.toBe(client);
  });

  it('is not given to another sign-in, nor once it ends within the minimum, and is then removed', () => {
    writeHeldToken(held);
    expect(
      readHeldToken(heldTokenClient('other-spa', 'https://app.test/oidc', ['openid']), minimum, NOW),
    ).toBeNull();
    expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).toBeNull();

    writeHeldToken(held);
    expect(readHeldToken(client, minimum, NOW + 3_600_000 - minimum)).toBeNull();
    expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("is not trusted once the device's clock has gone back past when it was kept", () => {
    writeHeldToken(held);
    expect(readHeldToken(client, minimum, held.heldAt - 1)).toBeNull();
    expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('drops a record from before it named its sign-in and when it was kept', () => {
    sessionStorage.setItem(
      HELD_TOKEN_STORAGE_KEY,
      JSON.stringify({ account: 'account-1', accessToken: valid, expiresOn: NOW + 3_600_000 }),
    );
    expect(readHeldToken(client, minimum, NOW)).toBeNull();
    expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('drops a record that names its account by id alone, or an account without its ids', () => {
    for (const stale of [
      'account-1',
      { ...account, username: undefined },
      { ...account, idTokenClaims: [] },
    ]) {
      sessionStorage.setItem(HELD_TOKEN_STORAGE_KEY, JSON.stringify({ ...held, account: stale }));
      expect(readHeldToken(client, minimum, NOW)).toBeNull();
      expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).toBeNull();
    }
  });

  it("keeps of MSAL's account what the app reads, and nothing MSAL keeps beside it", () => {
    const msalAccount = {
      ...account,
      nativeAccountId: 'native',
      tenantProfiles: new Map(),
      authorityType: 'OIDC',
    };
    expect(heldAccount(msalAccount)).toEqual(account);
    const { name: _name, idToken: _idToken, idTokenClaims: _claims, ...ids } = account;
    expect(heldAccount(ids)).toEqual(ids);
  });

  it('drops what it cannot read, and never keeps a token that is not a JWT access token', () => {
    sessionStorage.setItem(HELD_TOKEN_STORAGE_KEY, '{not json');
    expect(readHeldToken(client, minimum, NOW)).toBeNull();
    expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).toBeNull();

    writeHeldToken(held);
    writeHeldToken({ ...held, accessToken: '0.ARoAv4j5cvGGr0GRqy180BHbR_opaque-refresh-token' });
    expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('goes with auth_token on sign-out and on a 401', () => {
    writeStoredToken(valid);
    writeHeldToken(held);
    removeStoredToken();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).toBeNull();
  });
});
