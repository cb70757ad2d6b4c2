// The mock mode's sign-in: an MSAL client that never reaches an identity provider. It holds one account with
// the role chosen on the mock sign-in screen and hands out unsigned tokens (the mock API does not check them);
// every interactive step (sign in again, sign out) goes back to that screen. Only the mock entry imports it,
// so a production build has none of it (tests/unit/mock-mode-isolation.test.ts).
import {
  type AccountInfo,
  type AuthenticationResult,
  type EventCallbackFunction,
  type IPublicClientApplication,
  Logger,
} from '@azure/msal-browser';
import type { Role } from '../../generated/types.gen.ts';

const TOKEN_LIFETIME_SECONDS = 3600;

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** JWT-shaped and unsigned: the SPA reads only the claims. */
function unsignedToken(claims: Record<string, unknown>): string {
  return `${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url(claims)}.mock`;
}

function accountFor(role: Role): AccountInfo {
  const exp = Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_SECONDS;
  const idTokenClaims = { roles: [role], name: `Mock ${role}`, exp };
  return {
    homeAccountId: `mock-${role}`,
    localAccountId: `mock-${role}`,
    environment: 'mock',
    tenantId: 'mock',
    username: `${role}@demo.test`,
    name: idTokenClaims.name,
    idToken: unsignedToken(idTokenClaims),
    idTokenClaims,
  };
}

function tokenFor(account: AccountInfo): AuthenticationResult {
  const exp = Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_SECONDS;
  return {
    authority: `${window.location.origin}/mock-sign-in`,
    uniqueId: account.localAccountId,
    tenantId: account.tenantId,
    scopes: ['api://case-router/access'],
    account,
    idToken: account.idToken ?? '',
    idTokenClaims: account.idTokenClaims ?? {},
    accessToken: unsignedToken({ exp, roles: account.idTokenClaims?.roles, sub: account.localAccountId }),
    fromCache: true,
    expiresOn: new Date(exp * 1000),
    tokenType: 'Bearer',
    correlationId: 'mock',
  };
}

/**
 * The client for the role; `toSignIn` is called for every step that would go to the identity provider
 * (sign in, sign in again, sign out): the mock mode shows its own sign-in screen then.
 */
export function createMockMsal(role: Role, toSignIn: () => void): IPublicClientApplication {
  let active: AccountInfo | null = null;
  let accounts = [accountFor(role)];
  const callbacks = new Map<string, EventCallbackFunction>();
  const logger = new Logger({});
  const leave = () => {
    toSignIn();
    return Promise.resolve();
  };
  const client = {
    initialize: () => Promise.resolve(),
    initializeWrapperLibrary: () => undefined,
    getLogger: () => logger,
    setLogger: () => undefined,
    addEventCallback: (callback: EventCallbackFunction) => {
      const id = `mock-${callbacks.size + 1}`;
      callbacks.set(id, callback);
      return id;
    },
    removeEventCallback: (id: string) => {
      callbacks.delete(id);
    },
    handleRedirectPromise: () => Promise.resolve(null),
    getAllAccounts: () => accounts,
    getActiveAccount: () => active,
    setActiveAccount: (account: AccountInfo | null) => {
      active = account;
    },
    acquireTokenSilent: (request: { account?: AccountInfo }) =>
      Promise.resolve(tokenFor(request.account ?? accountFor(role))),
    acquireTokenPopup: (request: { account?: AccountInfo }) =>
      Promise.resolve(tokenFor(request.account ?? accountFor(role))),
    loginRedirect: leave,
    acquireTokenRedirect: leave,
    logoutRedirect: leave,
    clearCache: () => {
      accounts = [];
      active = null;
      return Promise.resolve();
    },
    setNavigationClient: () => undefined,
  };
  return client as unknown as IPublicClientApplication;
}
