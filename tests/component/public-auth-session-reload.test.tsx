// Start-up after a reload: the token the tab held for its account starts the session before MSAL is made,
// and MSAL, started once the first screen has had its moment, keeps it; a sign-out before MSAL has started,
// or when MSAL's code cannot start, still ends the session; a held token of another account or sign-in, one
// within the refresh buffer or kept in the device's future, makes start-up ask MSAL; a sign-in's way back
// takes what MSAL gives. Start-up without a held token, login, tokens and MSAL events are proven in
// public-auth-session.test.tsx.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  AUTH_TOKEN_STORAGE_KEY,
  HELD_TOKEN_STORAGE_KEY,
  MSAL_WARM_UP_DELAY_MS,
  TOKEN_REFRESH_BUFFER_SECONDS,
} from '../../src/config/constants.ts';
import { texts } from '../../src/config/texts.ts';
import { interactionRequired, recordBearers } from '../support/auth-session.ts';
import { fakeAccount, renderRoutes, startAuthWith, tenantConfig, tokenResult } from '../support/harness.tsx';

describe('start-up', () => {
  it('a reload starts with the token MSAL gave this account last: no silent call, the monitor runs', async () => {
    const account = fakeAccount();
    const first = await startAuthWith({ accounts: [account] });
    expect(first.msal.silentRequests).toHaveLength(1);
    const given = localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);

    // The page reloads: the modules start afresh, the tab's storage stays.
    const { msal, msalCreated } = await startAuthWith({ accounts: [account] });
    const session = await import('../../src/lib/auth/session.ts');
    const { getAuthSnapshot } = await import('../../src/lib/auth/auth-store.ts');
    const { apiRequest } = await import('../../src/lib/api/index.ts');
    const bearers = recordBearers();
    await apiRequest('/me');

    // Signed in with the account and roles the token was given to, before MSAL is even made.
    expect(msalCreated()).toBe(false);
    expect(getAuthSnapshot()).toMatchObject({
      authenticated: true,
      roles: ['er_doctor'],
      interaction: 'startup',
      account: { homeAccountId: account.homeAccountId, idTokenClaims: account.idTokenClaims },
    });
    expect(session.isTokenMonitorRunning()).toBe(true);
    expect(bearers).toEqual([`Bearer ${given}`]);

    // MSAL's start, later, handles the redirect and makes the account active, and keeps the session as it is.
    await session.startedMsal();
    expect(msalCreated()).toBe(true);
    expect(msal.instance.getActiveAccount()).toBe(account);
    expect(getAuthSnapshot()).toMatchObject({ authenticated: true, interaction: 'none' });
    expect(msal.silentRequests).toEqual([]);
    expect(session.isTokenMonitorRunning()).toBe(true);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe(given);
  });

  it('a reload started from the held token starts MSAL once the first screen has had its moment', async () => {
    const account = fakeAccount();
    await startAuthWith({ accounts: [account] });
    vi.useFakeTimers();
    try {
      const { auth, msalCreated } = await startAuthWith({ accounts: [account] });
      renderRoutes([{ path: '/', element: <p>home</p> }], '/', { auth });
      expect(screen.getByText('home')).toBeVisible();
      expect(msalCreated()).toBe(false);

      await vi.advanceTimersByTimeAsync(MSAL_WARM_UP_DELAY_MS - 1);
      expect(msalCreated()).toBe(false);
      // jsdom has no idle callback: MSAL starts when the delay is over.
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => {
        expect(msalCreated()).toBe(true);
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a sign-out before MSAL has started starts it, and signs out through it', async () => {
    const account = fakeAccount();
    await startAuthWith({ accounts: [account] });
    const { msal, auth, msalCreated } = await startAuthWith({ accounts: [account] });
    const session = await import('../../src/lib/auth/session.ts');
    expect(msalCreated()).toBe(false);

    await auth.signOut();

    expect(msal.logoutRequests).toHaveLength(1);
    expect(msal.logoutRequests[0]?.account).toBe(account);
    expect(session.isTokenMonitorRunning()).toBe(false);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("a reload whose held token is another account's than MSAL's: MSAL's account, and none of the other's tokens", async () => {
    const held = fakeAccount(['hospital'], 'someone-else');
    const account = fakeAccount();
    await startAuthWith({ accounts: [held] });
    const heldToken = localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
    const { msal } = await startAuthWith({
      accounts: [account],
      silent: () => Promise.reject(interactionRequired()),
    });
    const session = await import('../../src/lib/auth/session.ts');
    const { getAuthSnapshot } = await import('../../src/lib/auth/auth-store.ts');
    expect(getAuthSnapshot().account?.homeAccountId).toBe(held.homeAccountId);

    await session.startedMsal();

    // MSAL's own account, asked for silently; it needs the user, so the tab is signed out, holding nothing.
    expect(msal.silentRequests.map((request) => request.account)).toEqual([account]);
    expect(getAuthSnapshot()).toMatchObject({
      account: { homeAccountId: account.homeAccountId },
      authenticated: false,
    });
    expect(session.isTokenMonitorRunning()).toBe(false);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).not.toBe(heldToken);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("when MSAL's code cannot start after a held start: a login says it failed, a sign-out still ends the session", async () => {
    const account = fakeAccount();
    await startAuthWith({ accounts: [account] });
    vi.resetModules();
    const auth = await import('../../src/lib/auth/index.ts');
    await auth.startAuth(tenantConfig, () => {
      throw new Error('MSAL could not start');
    });
    const session = await import('../../src/lib/auth/session.ts');
    const { getAuthSnapshot } = await import('../../src/lib/auth/auth-store.ts');
    expect(getAuthSnapshot().authenticated).toBe(true);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const shown: string[] = [];
    (await import('../../src/lib/auth/notices.ts')).flushNotices((message) => shown.push(message));

    await auth.login();
    expect(shown).toEqual([texts.loginFailed]);

    await auth.signOut();
    expect(getAuthSnapshot()).toMatchObject({ authenticated: false, account: null });
    expect(session.isTokenMonitorRunning()).toBe(false);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).toBeNull();
    expect(consoleError).toHaveBeenCalledWith(
      texts.consoleAuthError,
      expect.objectContaining({ message: 'MSAL could not start' }),
    );
  });

  it('a reload whose held token is for an account MSAL no longer has: signed out once MSAL has started', async () => {
    const account = fakeAccount();
    await startAuthWith({ accounts: [account] });
    const { msal } = await startAuthWith({ accounts: [] });
    const session = await import('../../src/lib/auth/session.ts');
    const { getAuthSnapshot } = await import('../../src/lib/auth/auth-store.ts');
    expect(getAuthSnapshot().authenticated).toBe(true);

    await session.startedMsal();

    expect(getAuthSnapshot()).toMatchObject({ authenticated: false, account: null, roles: [] });
    expect(session.isTokenMonitorRunning()).toBe(false);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).toBeNull();
    expect(msal.silentRequests).toEqual([]);
  });

  it('a reload puts the held token back as auth_token when it is gone', async () => {
    const account = fakeAccount();
    await startAuthWith({ accounts: [account] });
    const given = localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
    expect(given).not.toBeNull();
    localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);

    const { msal } = await startAuthWith({ accounts: [account] });

    expect(msal.silentRequests).toEqual([]);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBe(given);
  });

  it('a reload still starts with the held token when local storage refuses it', async () => {
    const account = fakeAccount();
    await startAuthWith({ accounts: [account] });
    const given = localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key) {
      if (this === localStorage) throw new DOMException(`quota exceeded for ${key}`, 'QuotaExceededError');
    });

    const { msal } = await startAuthWith({ accounts: [account] });
    const monitor = await import('../../src/lib/auth/session.ts');
    const { apiRequest } = await import('../../src/lib/api/index.ts');
    const bearers = recordBearers();
    await apiRequest('/me');
    setItem.mockRestore();

    expect(msal.silentRequests).toEqual([]);
    expect(monitor.isTokenMonitorRunning()).toBe(true);
    expect(bearers).toEqual([`Bearer ${given}`]);
    expect(consoleError).toHaveBeenCalledWith(texts.consoleAuthError, expect.any(DOMException));
  });

  it("asks MSAL when the held token is another account's or sign-in's, ends within the refresh buffer, or was kept in the device's future", async () => {
    const account = fakeAccount();
    const { heldAccount, heldTokenClient, writeHeldToken } =
      await import('../../src/lib/api/stored-token.ts');
    const ours = heldTokenClient('case-router-spa', 'https://app.test/oidc', [
      'openid',
      'profile',
      'offline_access',
      'api://case-router/access',
    ]);
    const hold = (
      seconds: number,
      changes: { of?: typeof account; client?: string; heldAt?: number } = {},
    ) => {
      const result = tokenResult(changes.of ?? account, seconds);
      writeHeldToken({
        account: heldAccount(changes.of ?? account),
        client: changes.client ?? ours,
        accessToken: result.accessToken,
        expiresOn: result.expiresOn?.getTime() ?? 0,
        heldAt: changes.heldAt ?? Date.now(),
      });
    };
    // Silent calls by start-up and by MSAL's start that follows a reload started from the held token.
    const silentCallsAtStart = async () => {
      const { msal } = await startAuthWith({ accounts: [account] });
      await (await import('../../src/lib/auth/session.ts')).startedMsal();
      return msal.silentRequests.length;
    };

    // The record this test writes is taken as it stands: the cases below differ from it in one thing each.
    hold(3600);
    expect(await silentCallsAtStart()).toBe(0);

    hold(3600, { of: fakeAccount(['hospital'], 'someone-else') });
    expect(await silentCallsAtStart()).toBe(1);

    hold(3600, { client: heldTokenClient('another-spa', 'https://app.test/oidc', ['openid']) });
    expect(await silentCallsAtStart()).toBe(1);

    hold(TOKEN_REFRESH_BUFFER_SECONDS - 10);
    expect(await silentCallsAtStart()).toBe(1);

    hold(3600, { heldAt: Date.now() + 60_000 });
    expect(await silentCallsAtStart()).toBe(1);
  });

  it('on the way back from a sign-in, uses what MSAL gives, not a token the tab held before', async () => {
    const account = fakeAccount();
    await startAuthWith({ accounts: [account] });
    const before = sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY);
    expect(before).not.toBeNull();

    // MSAL marks the interaction under way before it leaves for the provider; the page it comes back to finds it.
    sessionStorage.setItem('msal.interaction.status', JSON.stringify({ clientId: 'case-router-spa' }));
    const { msal, msalCreated } = await startAuthWith({
      accounts: [account],
      redirectResult: tokenResult(account, 7200),
    });

    expect(msalCreated()).toBe(true);

    expect(msal.silentRequests).toHaveLength(1);
    expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).not.toBe(before);
  });

  it('keeps no held token when MSAL gives one without an end, and drops the one it had', async () => {
    const account = fakeAccount();
    let withoutEnd = false;
    await startAuthWith({
      accounts: [account],
      silent: (request) =>
        Promise.resolve({
          ...tokenResult(request.account ?? account),
          ...(withoutEnd ? { expiresOn: null } : {}),
        }),
    });
    expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).not.toBeNull();

    withoutEnd = true;
    const { renewSilently } = await import('../../src/lib/auth/session.ts');
    expect(await renewSilently()).toBe(true);

    expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).toBeNull();
  });
});
