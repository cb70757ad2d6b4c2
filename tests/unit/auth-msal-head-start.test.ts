// The head start: MSAL's cache entries read before MSAL's code, and the instance that answers from them until
// MSAL arrives, then hands every call to MSAL.
import type { EventCallbackFunction, IPublicClientApplication } from '@azure/msal-browser';
import { describe, expect, it, vi } from 'vitest';
import { createDeferredMsal } from '../../src/lib/auth/deferred-msal.ts';
import { readCachedSession } from '../../src/lib/auth/msal-cache-entries.ts';

const CLIENT = 'case-router-spa';
const HOME = 'usr_demo_er_doctor';
const SCOPES = ['openid', 'profile', 'offline_access', 'api://case-router/access'];
const NOW = 1_800_000_000;

const jwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

/** The entries MSAL 5 writes to the tab's session storage after a sign-in (their shape, as read off the browser). */
function msalCache(expiresOn = NOW + 900, target = 'api://case-router/access'): MemoryStorage {
  const storage = new MemoryStorage();
  const put = (key: string, value: unknown) => {
    storage.setItem(key, JSON.stringify(value));
  };
  const accountKey = `msal.3|${HOME}|localhost:8443|`;
  const idKey = `msal.3|${HOME}|localhost:8443|idtoken|${CLIENT}|||`;
  const atKey = `msal.3|${HOME}|localhost:8443|accesstoken|${CLIENT}|oidc|${target}|`;
  put(accountKey, {
    homeAccountId: HOME,
    environment: 'localhost:8443',
    realm: '',
    localAccountId: HOME,
    username: 'er_doctor@demo.test',
    authorityType: 'Generic',
    name: 'Dr Dana Okafor',
  });
  put(idKey, {
    credentialType: 'IdToken',
    homeAccountId: HOME,
    clientId: CLIENT,
    secret: jwt({ roles: ['er_doctor'] }),
  });
  put(atKey, {
    homeAccountId: HOME,
    credentialType: 'AccessToken',
    clientId: CLIENT,
    secret: 'the-access-token',
    target,
    expiresOn: String(expiresOn),
    tokenType: 'Bearer',
  });
  put('msal.3.account.keys', [accountKey]);
  put(`msal.3.token.keys.${CLIENT}`, { idToken: [idKey], accessToken: [atKey], refreshToken: [] });
  put(`msal.${CLIENT}.active-account-filters`, { homeAccountId: HOME, localAccountId: HOME, tenantId: '' });
  storage.setItem('msal.version', '5.29.0');
  return storage;
}

describe("MSAL's cache entries, read before MSAL", () => {
  it('give the active account, with its ID token claims, and the access token MSAL would hand out', () => {
    const cached = readCachedSession(msalCache(), CLIENT, SCOPES, NOW);
    expect(cached?.account).toMatchObject({
      homeAccountId: HOME,
      username: 'er_doctor@demo.test',
      name: 'Dr Dana Okafor',
      idTokenClaims: { roles: ['er_doctor'] },
    });
    expect(cached?.result.accessToken).toBe('the-access-token');
    expect(cached?.result.expiresOn?.getTime()).toBe((NOW + 900) * 1000);
  });

  it('give nothing for a token within MSAL’s 5-minute renewal window, or past its end', () => {
    expect(readCachedSession(msalCache(NOW + 301), CLIENT, SCOPES, NOW)).not.toBeNull();
    expect(readCachedSession(msalCache(NOW + 300), CLIENT, SCOPES, NOW)).toBeNull();
    expect(readCachedSession(msalCache(NOW - 1), CLIENT, SCOPES, NOW)).toBeNull();
  });

  it('give nothing while a sign-in is under way, for another client, scope or cache schema, or a broken entry', () => {
    const interacting = msalCache();
    interacting.setItem(`msal.${CLIENT}.interaction.status`, '{"type":"signin"}');
    expect(readCachedSession(interacting, CLIENT, SCOPES, NOW)).toBeNull();
    expect(readCachedSession(msalCache(), 'another-client', SCOPES, NOW)).toBeNull();
    expect(readCachedSession(msalCache(NOW + 900, 'api://other/scope'), CLIENT, SCOPES, NOW)).toBeNull();
    const otherSchema = msalCache();
    otherSchema.removeItem(`msal.3.token.keys.${CLIENT}`);
    expect(readCachedSession(otherSchema, CLIENT, SCOPES, NOW)).toBeNull();
    const broken = msalCache();
    broken.setItem(`msal.${CLIENT}.active-account-filters`, '{not json');
    expect(readCachedSession(broken, CLIENT, SCOPES, NOW)).toBeNull();
  });
});

function fakeMsal() {
  const callbacks: EventCallbackFunction[] = [];
  const calls: string[] = [];
  const instance = {
    initialize: vi.fn(() => {
      calls.push('initialize');
      return Promise.resolve();
    }),
    handleRedirectPromise: vi.fn(() => {
      calls.push('handleRedirectPromise');
      return Promise.resolve(null);
    }),
    acquireTokenSilent: vi.fn(() => Promise.resolve({ accessToken: 'renewed' })),
    addEventCallback: vi.fn((callback: EventCallbackFunction) => {
      calls.push('addEventCallback');
      callbacks.push(callback);
      return `real-${callbacks.length}`;
    }),
    removeEventCallback: vi.fn(),
    getAllAccounts: vi.fn(() => []),
    getActiveAccount: vi.fn(() => null),
    setNavigationClient: vi.fn(),
    initializeWrapperLibrary: vi.fn(),
    logoutRedirect: vi.fn(() => Promise.resolve()),
  };
  return { instance, calls, callbacks, msal: instance as unknown as IPublicClientApplication };
}

const configuration = { auth: { clientId: CLIENT } };

describe('the deferred MSAL instance', () => {
  it('with a head start, answers accounts and fresh silent tokens without loading MSAL, then loads it when idle', async () => {
    const fake = fakeMsal();
    const load = vi.fn(() => Promise.resolve(fake.msal));
    let idle = (): void => undefined;
    const headStart = readCachedSession(msalCache(), CLIENT, SCOPES, NOW);
    if (!headStart) throw new Error('the cache entries gave no head start');
    const msal = createDeferredMsal({
      configuration,
      load,
      headStart,
      whenIdle: (start) => {
        idle = start;
      },
      nowSeconds: () => NOW,
    });

    await msal.initialize();
    expect(await msal.handleRedirectPromise()).toBeNull();
    expect(msal.getAllAccounts().map((account) => account.homeAccountId)).toEqual([HOME]);
    expect(msal.getActiveAccount()?.homeAccountId).toBe(HOME);
    const token = await msal.acquireTokenSilent({ scopes: SCOPES, account: headStart.account });
    expect(token.accessToken).toBe('the-access-token');
    const callbackId = msal.addEventCallback(() => undefined);
    expect(load).not.toHaveBeenCalled();

    idle();
    await msal.loaded();
    expect(load).toHaveBeenCalledTimes(1);
    // MSAL's own start-up runs before it tells the app anything: no interaction state flickers.
    expect(fake.calls).toEqual(['initialize', 'handleRedirectPromise', 'addEventCallback']);
    expect(fake.instance.initializeWrapperLibrary).not.toHaveBeenCalled();
    msal.removeEventCallback(callbackId ?? '');
    expect(fake.instance.removeEventCallback).toHaveBeenCalledWith('real-1');
    await msal.acquireTokenSilent({ scopes: SCOPES, account: headStart.account });
    expect(fake.instance.acquireTokenSilent).toHaveBeenCalledTimes(1);
  });

  it('loads MSAL at once for a renewal, a sign-out, or a token near its end', async () => {
    const fake = fakeMsal();
    const load = vi.fn(() => Promise.resolve(fake.msal));
    const headStart = readCachedSession(msalCache(NOW + 900), CLIENT, SCOPES, NOW);
    let now = NOW;
    const msal = createDeferredMsal({
      configuration,
      load,
      headStart,
      whenIdle: () => undefined,
      nowSeconds: () => now,
    });

    expect((await msal.acquireTokenSilent({ scopes: SCOPES, forceRefresh: true })).accessToken).toBe(
      'renewed',
    );
    expect(load).toHaveBeenCalledTimes(1);

    const later = createDeferredMsal({
      configuration,
      load,
      headStart,
      whenIdle: () => undefined,
      nowSeconds: () => now,
    });
    now = NOW + 700;
    expect((await later.acquireTokenSilent({ scopes: SCOPES })).accessToken).toBe('renewed');
    await later.logoutRedirect();
    expect(fake.instance.logoutRedirect).toHaveBeenCalledTimes(1);
  });

  it('without a head start, waits for MSAL in initialize, and hands it what the app set', async () => {
    const fake = fakeMsal();
    const msal = createDeferredMsal({
      configuration,
      load: () => Promise.resolve(fake.msal),
      headStart: null,
    });
    expect(msal.getAllAccounts()).toEqual([]);
    msal.addEventCallback(() => undefined);
    const navigationClient = { navigateInternal: vi.fn(), navigateExternal: vi.fn() };
    msal.setNavigationClient(navigationClient);

    await msal.initialize();

    expect(fake.calls).toEqual(['initialize', 'addEventCallback']);
    expect(fake.instance.setNavigationClient).toHaveBeenCalledWith(navigationClient);
    await msal.handleRedirectPromise();
    expect(fake.instance.handleRedirectPromise).toHaveBeenCalledTimes(1);
  });

  it('tries loading again after a failed load', async () => {
    const fake = fakeMsal();
    const load = vi
      .fn<() => Promise<IPublicClientApplication>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(fake.msal);
    const msal = createDeferredMsal({ configuration, load, headStart: null });
    await expect(msal.initialize()).rejects.toThrow('offline');
    await msal.initialize();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
