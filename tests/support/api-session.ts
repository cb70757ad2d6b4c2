// What the unit tests of the API layer share: the base URL the layer is configured with, a session bridge
// that records what the layer asked of it (forced refreshes, login redirects), and a way to catch the
// ApiError a request fails with.
import { expect } from 'vitest';
import { ApiError, type SessionBridge } from '../../src/lib/api/index.ts';
import { readAuthToken, removeAuthToken } from '../../src/lib/auth/auth-token.ts';

export const BASE = 'https://api.test/api/v1';

export interface FakeSession extends SessionBridge {
  token: string | null;
  refreshed: string | null | Error;
  account: boolean;
  redirects: number;
  forcedRefreshes: number;
}

export function fakeSession(
  overrides: Partial<Pick<FakeSession, 'token' | 'refreshed' | 'account'>> = {},
): FakeSession {
  const session: FakeSession = {
    token: 'silent-token',
    refreshed: 'fresh-token',
    account: true,
    redirects: 0,
    forcedRefreshes: 0,
    ...overrides,
    getToken(options) {
      if (options?.forceRefresh) {
        session.forcedRefreshes += 1;
        return session.refreshed instanceof Error
          ? Promise.reject(session.refreshed)
          : Promise.resolve(session.refreshed);
      }
      return Promise.resolve(session.token);
    },
    hasAccount: () => session.account,
    // auth_token in local storage, as the auth session keeps it.
    storedToken: () => readAuthToken(localStorage, Date.now()),
    clearStoredToken: () => {
      removeAuthToken(localStorage);
    },
    redirectToLogin: () => {
      session.redirects += 1;
    },
  };
  return session;
}

export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}
