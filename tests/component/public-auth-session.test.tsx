// The auth session, built with an MSAL stand-in: start-up (the first account made active, a token got silently,
// the monitor started; a token that needs the user starts signed out; an error answer to the sign-in redirect),
// logout, login, the tokens the API layer sends (MSAL's cache the one store), and MSAL's events through MSAL
// React's provider.
import { EventType, InteractionStatus, InteractionType } from '@azure/msal-browser';
import { useMsal } from '@azure/msal-react';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { getMe } from '../../generated/sdk.gen.ts';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/config/constants.ts';
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
    const { msal, session } = await startAuthWith({ accounts: [first, fakeAccount(['hospital'], 'second')] });

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
    expect(session.getState().tokenFor).toBe('first');
    expect(session.monitorRunning).toBe(true);
  });

  it('is not a failure when the silent token needs the user: the app starts signed out', async () => {
    const { msal, session } = await startAuthWith({
      accounts: [fakeAccount()],
      silent: () => Promise.reject(interactionRequired()),
    });

    expect(msal.silentRequests).toHaveLength(1);
    expect(session.monitorRunning).toBe(false);
    expect(session.getState().tokenFor).toBeNull();
  });

  it('stops the monitor and drops auth_token on logout', async () => {
    const { msal, session } = await startAuthWith({ accounts: [fakeAccount()] });

    msal.emit({
      eventType: EventType.LOGOUT_SUCCESS,
      interactionType: InteractionType.Redirect,
      payload: null,
    });

    expect(session.monitorRunning).toBe(false);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(session.getState().tokenFor).toBeNull();
  });

  it('an error answer to the sign-in redirect: the generic auth error, then the emergency-room cases', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { session } = await startAuthWith({ redirectResult: new Error('access_denied') });

    const { router } = renderRoutes(
      [
        { path: '/', element: <p>home</p> },
        { path: '/emergency-room/cases/', element: <p>cases</p> },
      ],
      '/',
      { session },
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
    const { msal, session } = await startAuthWith({});

    await session.login({ next: '/settings/' }, InteractionStatus.AcquireToken);
    await session.login({ next: '/settings/' }, InteractionStatus.Startup);
    expect(msal.loginRequests).toHaveLength(0);
    await session.login({ next: '/settings/' }, InteractionStatus.None);

    expect(msal.loginRequests).toHaveLength(1);
  });

  it('is skipped, and nothing told, when MSAL itself says an interaction is in progress', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const busy = Object.assign(new Error('interaction_in_progress'), {
      errorCode: 'interaction_in_progress',
    });
    const { session } = await startAuthWith({ login: () => Promise.reject(busy) });
    renderRoutes([{ path: '/', element: <p>home</p> }], '/', { session });

    await session.login();

    expect(consoleError).not.toHaveBeenCalled();
    expect(screen.queryByText(texts.loginFailed)).toBeNull();
  });

  it("shows 'Login failed' when the login cannot start", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { session } = await startAuthWith({ login: () => Promise.reject(new Error('popup_window_error')) });
    renderRoutes([{ path: '/', element: <p>home</p> }], '/', { session });

    await session.login();

    expect(await screen.findByText(texts.loginFailed)).toBeVisible();
  });
});

describe('tokens for the API', () => {
  it("sends MSAL's silent token, asked of MSAL's cache for each request", async () => {
    const { msal } = await startAuthWith({ accounts: [fakeAccount()] });
    const bearers = recordBearers();

    await Promise.all([getMe(), getMe(), getMe()]);

    // The start-up's call, then one per request: no copy of the token is kept beside MSAL's cache.
    expect(msal.silentRequests).toHaveLength(4);
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
        return silentCalls === 1
          ? Promise.resolve(tokenResult(account))
          : Promise.reject(interactionRequired());
      },
    });
    let auth: string | null = null;
    server.use(
      http.get('https://app.test/api/v1/me', ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.json({ ok: true });
      }),
    );

    await getMe();

    expect(msal.popupRequests).toHaveLength(1);
    expect(msal.popupRequests[0]?.account).toBe(account);
    expect(auth).toMatch(/^Bearer ey/);
  });
});

describe('MSAL events', () => {
  it('an interactive token makes its account active and starts the monitor', async () => {
    const { msal, session } = await startAuthWith({});
    const account = fakeAccount(['hospital']);
    expect(session.monitorRunning).toBe(false);

    msal.emit({
      eventType: EventType.ACQUIRE_TOKEN_SUCCESS,
      interactionType: InteractionType.Popup,
      payload: tokenResult(account),
    });

    expect(msal.instance.getActiveAccount()).toBe(account);
    expect(session.monitorRunning).toBe(true);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).not.toBeNull();
  });

  it("give the interaction states through MSAL React's provider", async () => {
    const { msal, session } = await startAuthWith({});
    function Progress() {
      return <p>{`in progress: ${useMsal().inProgress}`}</p>;
    }
    renderRoutes([{ path: '/', element: <Progress /> }], '/', { session });

    expect(await screen.findByText('in progress: none')).toBeVisible();
    msal.emit({
      eventType: EventType.LOGOUT_START,
      interactionType: InteractionType.Redirect,
      payload: null,
    });
    expect(await screen.findByText('in progress: logout')).toBeVisible();
    msal.emit({ eventType: EventType.LOGOUT_END, interactionType: InteractionType.Redirect, payload: null });
    await waitFor(() => {
      expect(screen.getByText('in progress: none')).toBeVisible();
    });
  });
});
