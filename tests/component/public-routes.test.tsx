import { InteractionRequiredAuthError } from '@azure/msal-browser';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProtectedRoute } from '../../src/lib/auth/index.ts';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/config/constants.ts';
import { texts } from '../../src/config/texts.ts';
import {
  currentPath,
  fakeAccount,
  renderRoutes,
  settled,
  startAuthWith,
  tokenResult,
} from '../support/harness.tsx';

async function pages() {
  const [home, signIn] = await Promise.all([
    import('../../src/app/routes/public/home-redirect-page.tsx'),
    import('../../src/app/routes/public/sign-in-page.tsx'),
  ]);
  return { HomeRedirectPage: home.Component, SignInPage: signIn.Component };
}

const landing = (name: string) => ({ path: name, element: <p>{`at ${name}`}</p> });

describe('the home redirect page /', () => {
  it('starts a login redirect when signed out and shows nothing', async () => {
    const { msal, session } = await startAuthWith({});
    const { HomeRedirectPage } = await pages();

    const { container } = renderRoutes([{ path: '/', element: <HomeRedirectPage /> }], '/', { session });

    await waitFor(() => {
      expect(msal.loginRequests).toHaveLength(1);
    });
    expect(msal.loginRequests[0]?.scopes).toEqual([
      'openid',
      'profile',
      'offline_access',
      'api://case-router/access',
    ]);
    const visibleText = [...container.querySelectorAll(':not(style)')]
      .filter((element) => element.children.length === 0)
      .map((element) => element.textContent)
      .join('');
    expect(visibleText).toBe('');
  });

  it.each(['?code=abc', '?state=xyz', '?error=access_denied', '#code=abc'])(
    'does not start a login when the address carries an auth response (%s)',
    async (suffix) => {
      const { msal, session } = await startAuthWith({});
      const { HomeRedirectPage } = await pages();

      renderRoutes([{ path: '/', element: <HomeRedirectPage /> }], `/${suffix}`, { session });
      await settled();

      expect(msal.loginRequests).toHaveLength(0);
    },
  );

  it("goes to the first recognised role's home once authenticated", async () => {
    const { session } = await startAuthWith({ accounts: [fakeAccount(['nurse', 'er_doctor'])] });
    const { HomeRedirectPage } = await pages();

    const { router } = renderRoutes(
      [{ path: '/', element: <HomeRedirectPage /> }, landing('/emergency-room/doctor/cases')],
      '/',
      { session },
    );

    expect(await screen.findByText('at /emergency-room/doctor/cases')).toBeVisible();
    expect(currentPath(router)).toBe('/emergency-room/doctor/cases');
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).not.toBeNull();
  });

  it('goes to next when given, but never off the app', async () => {
    const { session } = await startAuthWith({ accounts: [fakeAccount(['specialist'])] });
    const { HomeRedirectPage } = await pages();

    const { router } = renderRoutes(
      [{ path: '/', element: <HomeRedirectPage /> }, landing('/settings/'), landing('/specialist/cases')],
      '/?next=%2Fsettings%2F',
      { session },
    );
    expect(await screen.findByText('at /settings/')).toBeVisible();

    await router.navigate('/?next=https%3A%2F%2Fevil.test');
    expect(await screen.findByText('at /specialist/cases')).toBeVisible();
  });

  it.each([
    ['no role', [], texts.noRoleToast],
    ['only unrecognised roles', ['nurse'], texts.unknownRoleToast],
  ])('with %s: stays and shows the role toast', async (_, roles, toastText) => {
    const { session } = await startAuthWith({ accounts: [fakeAccount(roles)] });
    const { HomeRedirectPage } = await pages();

    const { router } = renderRoutes([{ path: '/', element: <HomeRedirectPage /> }], '/', { session });

    expect(await screen.findByText(toastText)).toBeVisible();
    expect(currentPath(router)).toBe('/');
  });
});

describe('the sign-in page', () => {
  it('starts the login and comes back to itself with next', async () => {
    const { msal, session } = await startAuthWith({});
    const { SignInPage } = await pages();

    renderRoutes([{ path: '/sign-in', element: <SignInPage /> }], '/sign-in?next=%2Fsettings%2F', {
      session,
    });

    await waitFor(() => {
      expect(msal.loginRequests).toEqual([
        {
          scopes: ['openid', 'profile', 'offline_access', 'api://case-router/access'],
          redirectStartPage: `${window.location.origin}/sign-in?next=%2Fsettings%2F`,
        },
      ]);
    });
  });

  it('goes to next once signed in', async () => {
    const { msal, session } = await startAuthWith({ accounts: [fakeAccount(['hospital'])] });
    const { SignInPage } = await pages();

    renderRoutes(
      [{ path: '/sign-in', element: <SignInPage /> }, landing('/settings/')],
      '/sign-in?next=%2Fsettings%2F',
      { session },
    );

    expect(await screen.findByText('at /settings/')).toBeVisible();
    expect(msal.loginRequests).toHaveLength(0);
  });
});

describe('the protected route', () => {
  const protectedRoutes = (Guard: typeof ProtectedRoute) => [
    { element: <Guard />, children: [{ path: '/settings/', element: <p>settings screen</p> }] },
    { path: '/sign-in', element: <p>sign-in screen</p> },
  ];

  it('renders the screen for an authenticated user', async () => {
    const { session } = await startAuthWith({ accounts: [fakeAccount()] });

    renderRoutes(protectedRoutes(ProtectedRoute), '/settings/', { session });

    expect(await screen.findByText('settings screen')).toBeVisible();
  });

  it('sends a visitor without an account to sign-in with next', async () => {
    const { session } = await startAuthWith({});

    const { router } = renderRoutes(protectedRoutes(ProtectedRoute), '/settings/?tab=2', { session });

    expect(await screen.findByText('sign-in screen')).toBeVisible();
    expect(currentPath(router)).toBe('/sign-in?next=%2Fsettings%2F%3Ftab%3D2');
  });

  it('renews silently for an account without a token, then renders the screen', async () => {
    let calls = 0;
    const account = fakeAccount();
    const { session } = await startAuthWith({
      accounts: [account],
      silent: () => {
        calls += 1;
        return calls === 1
          ? Promise.reject(new InteractionRequiredAuthError('login_required', 'test'))
          : Promise.resolve(tokenResult(account));
      },
    });

    renderRoutes(protectedRoutes(ProtectedRoute), '/settings/', { session });

    expect(await screen.findByText('settings screen')).toBeVisible();
    expect(calls).toBe(2);
  });

  it('sends the user to sign-in when the silent renewal fails', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { session } = await startAuthWith({
      accounts: [fakeAccount()],
      silent: () => Promise.reject(new InteractionRequiredAuthError('login_required', 'test')),
    });

    const { router } = renderRoutes(protectedRoutes(ProtectedRoute), '/settings/', { session });

    expect(await screen.findByText('sign-in screen')).toBeVisible();
    expect(currentPath(router)).toBe('/sign-in?next=%2Fsettings%2F');
    expect(consoleWarn).toHaveBeenCalledWith(texts.consoleSilentRenewalFailed);
  });
});
