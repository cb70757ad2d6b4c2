import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '../../src/config/constants.ts';
import { texts } from '../../src/config/texts.ts';
import { currentPath, fakeAccount, renderRoutes, startAuthWith } from '../support/harness.tsx';

async function signOutPage() {
  return (await import('../../src/app/routes/public/sign-out-page.tsx')).Component;
}

describe('the sign-out page', () => {
  it('shows the spinner texts and signs the active account out with its ID token as hint', async () => {
    const account = fakeAccount(['specialist']);
    const { msal, session } = await startAuthWith({ accounts: [account] });
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    const SignOutPage = await signOutPage();

    renderRoutes([{ path: '/sign-out', element: <SignOutPage /> }], '/sign-out', { session });

    expect(screen.getByText(texts.signingOut)).toBeVisible();
    expect(screen.getByText(texts.redirectedShortly)).toBeVisible();
    await waitFor(() => {
      expect(msal.logoutRequests).toEqual([{ account, idTokenHint: account.idToken }]);
    });
    expect(msal.clearCacheCalls).toBe(1);
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('clears the cache and goes to the login page when the sign-out redirect fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { msal, session } = await startAuthWith({
      accounts: [fakeAccount()],
      logout: () => Promise.reject(new Error('end_session_endpoint unreachable')),
    });
    const SignOutPage = await signOutPage();

    const { router } = renderRoutes(
      [
        { path: '/sign-out', element: <SignOutPage /> },
        { path: '/sign-in', element: <p>login page</p> },
      ],
      '/sign-out',
      { session },
    );

    expect(await screen.findByText('login page')).toBeVisible();
    expect(currentPath(router)).toBe('/sign-in');
    expect(msal.clearCacheCalls).toBe(2);
    expect(consoleError).toHaveBeenCalledWith(texts.consoleAuthError, expect.any(Error));
  });

  it('Switch user signs out the same way, with the ID token as hint, saying so', async () => {
    const account = fakeAccount(['er_doctor']);
    const { msal, session } = await startAuthWith({ accounts: [account] });
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token');
    const SwitchUserPage = (await import('../../src/app/routes/public/switch-user-page.tsx')).Component;

    renderRoutes([{ path: '/switch-user', element: <SwitchUserPage /> }], '/switch-user', { session });

    expect(screen.getByText(texts.switchingUser)).toBeVisible();
    await waitFor(() => {
      expect(msal.logoutRequests).toEqual([{ account, idTokenHint: account.idToken }]);
    });
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });
});
