// The auth session: start-up (the first account made active, a token got silently, the monitor started; a
// token that needs the user starts signed out; an error answer to the sign-in redirect), logout, login, the
// tokens the API layer sends, and MSAL's events. Start-up after a reload, from the token the tab held, is
// proven in public-auth-session-reload.test.tsx.
import { EventType, InteractionType } from '@azure/msal-browser';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY, HELD_TOKEN_STORAGE_KEY } from '../../src/config/constants.ts';
import { texts } from '../../src/config/texts.ts';
import { interactionRequired, recordBearers } from '../support/auth-session.ts';
import {
  currentPath,
  fakeAccount,
  renderRoutes,
  server,
  startAuthWith,
  tokenResult,
} from '../support/harness.tsx';

describe('start-up', () => {
  it('makes the first account active, gets a token silently and starts the monitor', async () => {
    const first = fakeAccount(['specialist'], 'first');
    const { msal } = await startAuthWith({ accounts: [first, fakeAccount(['hospital'], 'second')] });
    const monitor = await import('../../src/lib/auth/session.ts');

    expect(msal.instance.getActiveAccount()).toBe(first);
    expect(msal.silentRequests).toEqual([
      {
        scopes: ['openid', 'profile', 'offline_access', 'api://case-router/access'],
        account: first,
        forceRefresh: false,
      },
    ]);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).not.toBeNull();
    // Local storage holds the access token alone: MSAL's cache, refresh token included, is in session storage.
    expect(Object.keys(localStorage)).toEqual([AUTH_TOKEN_STORAGE_KEY]);
    expect(monitor.isTokenMonitorRunning()).toBe(true);
  });

  it('is not a failure when the silent token needs the user: the app starts signed out', async () => {
    const { msal } = await startAuthWith({
      accounts: [fakeAccount()],
      silent: () => Promise.reject(interactionRequired()),
    });
    const monitor = await import('../../src/lib/auth/session.ts');

    expect(msal.silentRequests).toHaveLength(1);
    expect(monitor.isTokenMonitorRunning()).toBe(false);
  });

  it('stops the monitor and drops the tokens the tab held on logout', async () => {
    const { msal } = await startAuthWith({ accounts: [fakeAccount()] });
    const monitor = await import('../../src/lib/auth/session.ts');

    expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).not.toBeNull();

    msal.emit({
      eventType: EventType.LOGOUT_SUCCESS,
      interactionType: InteractionType.Redirect,
      payload: null,
    });

    expect(monitor.isTokenMonitorRunning()).toBe(false);
    expect(sessionStorage.getItem(HELD_TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('an error answer to the sign-in redirect: the generic auth error, then the emergency-room cases', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { auth } = await startAuthWith({ redirectResult: new Error('access_denied') });

    const { router } = renderRoutes(
      [
        { path: '/', element: <p>home</p> },
        { path: '/emergency-room/cases/', element: <p>cases</p> },
      ],
      '/',
      { auth },
    );

    expect(await screen.findByText(texts.authenticationError)).toBeVisible();
    expect(currentPath(router)).toBe('/emergency-room/cases/');
    expect(consoleError).toHaveBeenCalledWith(
      texts.consoleAuthError,
      expect.objectContaining({ message: 'access_denied' }),
    );
  });
});

describe('login', () => {
  it('is skipped while another interaction is in progress', async () => {
    const { msal, auth } = await startAuthWith({});

    await auth.login({ next: '/settings/' });
    msal.emit({
      eventType: EventType.ACQUIRE_TOKEN_START,
      interactionType: InteractionType.Redirect,
      payload: { scopes: [] },
    });
    await auth.login({ next: '/settings/' });

    expect(msal.loginRequests).toHaveLength(1);
  });

  it("shows 'Login failed' when the login cannot start", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { auth } = await startAuthWith({ login: () => Promise.reject(new Error('popup_window_error')) });
    renderRoutes([{ path: '/', element: <p>home</p> }], '/', { auth });

    await auth.login();

    expect(await screen.findByText(texts.loginFailed)).toBeVisible();
  });
});

describe('tokens for the API', () => {
  it('takes the silent token already held while it is fresh: no MSAL call per request', async () => {
    const { msal } = await startAuthWith({ accounts: [fakeAccount()] });
    const { apiRequest } = await import('../../src/lib/api/index.ts');
    const bearers = recordBearers();

    await Promise.all([apiRequest('/me'), apiRequest('/me'), apiRequest('/me')]);

    expect(msal.silentRequests).toHaveLength(1);
    expect(bearers).toEqual(
      Array.from({ length: 3 }, () => `Bearer ${localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)}`),
    );
  });

  it('falls back to a popup when the silent call needs the user', async () => {
    const account = fakeAccount();
    let silentCalls = 0;
    const { msal } = await startAuthWith({
      accounts: [account],
      silent: () => {
        silentCalls += 1;
        // The start-up's token is about to expire, so the request asks MSAL, which needs the user.
        return silentCalls === 1
          ? Promise.resolve(tokenResult(account, 120))
          : Promise.reject(interactionRequired());
      },
    });
    const { apiRequest } = await import('../../src/lib/api/index.ts');
    let auth: string | null = null;
    server.use(
      http.get('https://app.test/api/v1/me', ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.json({ ok: true });
      }),
    );

    await apiRequest('/me');

    expect(msal.popupRequests).toHaveLength(1);
    expect(msal.popupRequests[0]?.account).toBe(account);
    expect(auth).toMatch(/^Bearer ey/);
  });

  it('redirects from the hook when the silent call needs the user', async () => {
    const account = fakeAccount();
    let silentCalls = 0;
    const { msal, auth } = await startAuthWith({
      accounts: [account],
      silent: () => {
        silentCalls += 1;
        return silentCalls === 1
          ? Promise.resolve(tokenResult(account))
          : Promise.reject(interactionRequired());
      },
    });
    function TokenUser() {
      const token = auth.useAccessToken();
      return <p>{token === null ? 'no token' : 'token'}</p>;
    }

    render(<TokenUser />);

    await waitFor(() => {
      expect(msal.tokenRedirectRequests).toHaveLength(1);
    });
    expect(msal.tokenRedirectRequests[0]?.account).toBe(account);
    expect(screen.getByText('no token')).toBeVisible();
  });
});

describe('MSAL events', () => {
  it('a login makes its account active and an interactive token starts the monitor', async () => {
    const { msal } = await startAuthWith({});
    const monitor = await import('../../src/lib/auth/session.ts');
    const account = fakeAccount(['hospital']);

    msal.emit({
      eventType: EventType.LOGIN_SUCCESS,
      interactionType: InteractionType.Redirect,
      payload: account,
    });
    expect(msal.instance.getActiveAccount()).toBe(account);
    expect(monitor.isTokenMonitorRunning()).toBe(false);

    msal.emit({
      eventType: EventType.ACQUIRE_TOKEN_SUCCESS,
      interactionType: InteractionType.Popup,
      payload: tokenResult(account),
    });
    expect(monitor.isTokenMonitorRunning()).toBe(true);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).not.toBeNull();
  });
});
