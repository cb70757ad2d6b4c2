// The address `/`: with nobody signed in it goes to the identity provider without loading the app; with a
// session, the provider's answer or a failure, it starts the app and hands it the authentication under way.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../../src/config/texts.ts';
import { type AuthSession, createAuthSession } from '../../src/lib/auth/index.ts';
import { TenantConfigError } from '../../src/lib/auth/tenant-config.ts';
import { signInFirst, signInFirstSteps } from '../../src/sign-in-first.ts';
import { startApp as startTheApp } from '../../src/start-app.tsx';
import { fakeAccount, server, tenantConfig } from '../support/harness.tsx';
import { createMsalStandIn, type MsalStandInOptions } from '../support/msw-msal-stand-in.ts';

async function visitRoot(
  options: MsalStandInOptions & { search?: string; hash?: string; failConfig?: boolean },
) {
  const msal = createMsalStandIn(options);
  const startApp = vi.fn(async (authenticated: Promise<AuthSession>) => {
    await authenticated.catch(() => undefined);
  });
  const prefetchApp = vi.fn();
  let authenticated: Promise<AuthSession> | undefined;
  await signInFirst(
    {
      ...signInFirstSteps,
      authenticate: () => {
        authenticated = options.failConfig
          ? Promise.reject(new Error('Failed to fetch tenant config: offline'))
          : (async () => {
              const session = createAuthSession({
                tenant: tenantConfig,
                msal: msal.instance,
                storage: window.localStorage,
              });
              await session.start();
              return session;
            })();
        return authenticated;
      },
      startApp,
      prefetchApp,
    },
    { search: options.search ?? '', hash: options.hash ?? '' },
  );
  return { msal, startApp, prefetchApp, authenticated };
}

afterEach(() => {
  sessionStorage.clear();
});

describe('the address /', () => {
  it('sends a visitor nobody signed in to the identity provider, without the app', async () => {
    const { msal, startApp, prefetchApp } = await visitRoot({ search: '?next=%2Fspecialist%2Fcases' });

    expect(msal.loginRequests).toHaveLength(1);
    expect(msal.loginRequests[0]?.redirectStartPage).toBe(
      `${window.location.origin}/sign-in?next=${encodeURIComponent('/specialist/cases')}`,
    );
    expect(startApp).not.toHaveBeenCalled();
    expect(prefetchApp).not.toHaveBeenCalled();
  });

  it("takes MSAL's own settings for no session: nothing fetched ahead", async () => {
    sessionStorage.setItem('msal.version', '5.29.0');
    sessionStorage.setItem('msal.browser.sso.capable', 'false');
    const { msal, prefetchApp, startApp } = await visitRoot({});

    expect(prefetchApp).not.toHaveBeenCalled();
    expect(msal.loginRequests).toHaveLength(1);
    expect(startApp).not.toHaveBeenCalled();
  });

  it('keeps only a path of this app as where to go next', async () => {
    const { msal } = await visitRoot({ search: '?next=https%3A%2F%2Fevil.test%2F' });

    expect(msal.loginRequests).toHaveLength(1);
    expect(msal.loginRequests[0]?.redirectStartPage).toBeUndefined();
  });

  it('starts the app for someone signed in, with the authentication it already did', async () => {
    sessionStorage.setItem('msal.account.keys', '["account-1"]');
    const { msal, startApp, prefetchApp, authenticated } = await visitRoot({ accounts: [fakeAccount()] });

    expect(msal.loginRequests).toEqual([]);
    expect(prefetchApp).toHaveBeenCalledTimes(1);
    expect(startApp).toHaveBeenCalledTimes(1);
    expect(startApp.mock.calls[0]?.[0]).toBe(authenticated);
  });

  it("starts the app when the address carries the provider's answer, without signing in again", async () => {
    const { msal, startApp, prefetchApp } = await visitRoot({ hash: '#code=abc&state=xyz' });

    expect(prefetchApp).toHaveBeenCalledTimes(1);
    expect(msal.loginRequests).toEqual([]);
    expect(startApp).toHaveBeenCalledTimes(1);
  });

  it('starts the app when the provider answered with an error, so that the app can say so', async () => {
    const { msal, startApp } = await visitRoot({ redirectResult: new Error('access_denied') });

    expect(msal.loginRequests).toEqual([]);
    expect(startApp).toHaveBeenCalledTimes(1);
  });

  it('starts the app, which shows the Configuration Error screen, when the tenant config fails', async () => {
    const { msal, startApp, authenticated } = await visitRoot({ failConfig: true });

    expect(msal.loginRequests).toEqual([]);
    expect(startApp).toHaveBeenCalledTimes(1);
    expect(startApp.mock.calls[0]?.[0]).toBe(authenticated);
    await expect(startApp.mock.calls[0]?.[0]).rejects.toThrow('Failed to fetch tenant config');
  });

  it('starts the app, which tries again with its notices, when the redirect fails', async () => {
    const { msal, startApp } = await visitRoot({
      login: () => Promise.reject(new Error('popup_window_error')),
    });

    expect(msal.loginRequests).toHaveLength(1);
    expect(startApp).toHaveBeenCalledTimes(1);
  });
});

describe('the app started from /', () => {
  it('uses the authentication handed to it instead of starting its own', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let tenantConfigRequests = 0;
    server.use(
      http.get('*/api/v1/public/tenant-config', () => {
        tenantConfigRequests += 1;
        return HttpResponse.json(tenantConfig);
      }),
    );
    await startTheApp(Promise.reject(new TenantConfigError(`${texts.tenantConfigFetchFailed}offline`)));

    expect(await screen.findByText(texts.configurationError)).toBeVisible();
    expect(tenantConfigRequests).toBe(0);
  });
});
