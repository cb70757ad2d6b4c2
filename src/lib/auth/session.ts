// The signed-in session the app runs on, without MSAL's code: the API's bearer, the token monitor, and MSAL
// itself, started when it is needed. A reload of a signed-in tab starts the session from the tab's held token
// and shows its first screen without MSAL (its code is a third of start-up's); MSAL starts once the screen is
// up and the browser is idle, or at once when something needs it (a renewal, a sign-out, a sign-in).
import { MSAL_WARM_UP_DELAY_MS, TOKEN_REFRESH_BUFFER_SECONDS } from '../../config/constants.ts';
import { routes } from '../../config/routes.ts';
import { configureApi, type SessionBridge } from '../api/index.ts';
import {
  heldTokenClient,
  holdsToken,
  readHeldToken,
  removeStoredToken,
  writeStoredToken,
} from '../api/stored-token.ts';
import { logAuthError } from './auth-log.ts';
import { clearSession, freshAccessToken, getAuthSnapshot, setAccessToken, setAccount } from './auth-store.ts';
import type * as MsalInstance from './msal-instance.ts';
import type { MsalFactory } from './msal-instance.ts';
import {
  type AppNavigate,
  carriesAuthResponse,
  currentAppPath,
  navigateTo,
  setRouterNavigate,
} from './navigation.ts';
import { notifyAuthenticationError, notifyLoginFailed } from './notices.ts';
import type { LoginOptions } from './requests.ts';
import { loginScopes } from './scopes.ts';
import type { ValidTenantConfig } from './tenant-config.ts';
import { createTokenMonitor } from './token-monitor.ts';

type Msal = typeof MsalInstance;

/** MSAL's key for an interaction under way (a redirect it has yet to handle included), in session storage. */
const MSAL_INTERACTION_KEY = 'msal.interaction.status';

let tenant: ValidTenantConfig | null = null;
let msalFactory: MsalFactory | undefined;
let started: Promise<Msal> | null = null;

const monitor = createTokenMonitor(async () => (await startedMsal()).refreshActiveToken());

export function startMonitor(token: string): void {
  monitor.start(token);
}

export function stopMonitor(): void {
  monitor.stop();
}

export function isTokenMonitorRunning(): boolean {
  return monitor.running;
}

/**
 * MSAL, started for the tenant: at once if it is not yet. A failed start is not kept, so that the next need
 * tries again.
 */
export function startedMsal(): Promise<Msal> {
  if (started) return started;
  const config = tenant;
  if (!config) return Promise.reject(new Error('Authentication is not started: call startAuth first.'));
  const starting = import('./msal-instance.ts').then(async (msal) => {
    await msal.startMsal(config, msalFactory);
    return msal;
  });
  started = starting;
  starting.catch(() => {
    if (started === starting) started = null;
  });
  return starting;
}

let startupAuthError: { error: unknown } | null = null;

/** The provider answered the sign-in redirect with an error: kept until the router can act on it. */
export function keepStartupAuthError(error: unknown): void {
  startupAuthError = { error };
}

/** Whether the provider answered the sign-in redirect with an error that the router has yet to act on. */
export function hasStartupAuthError(): boolean {
  return startupAuthError !== null;
}

/** An error the provider answered the sign-in redirect with, kept until the router can act on it. */
export function takeStartupAuthError(): { error: unknown } | null {
  const pending = startupAuthError;
  startupAuthError = null;
  return pending;
}

function msalInteractionPending(): boolean {
  try {
    return sessionStorage.getItem(MSAL_INTERACTION_KEY) !== null;
  } catch {
    // No readable storage: MSAL keeps its state in memory, and no redirect can be under way across a load.
    return false;
  }
}

/**
 * MSAL's code, fetched while the tenant config is on its way, when start-up will need MSAL: the tab holds no
 * token, or MSAL has an interaction under way (the way back from the provider).
 */
export function prefetchMsalWhenNeeded(): void {
  if (msalInteractionPending() || !holdsToken()) void import('./msal-instance.ts').catch(() => undefined);
}

/**
 * A reload of a signed-in tab: the token MSAL gave this tab last, while it is good for longer than the refresh
 * buffer, and the account it was given to start the session, as MSAL's start would with its silent call.
 * Never on the way back from the provider (the address carries its answer, or MSAL has an interaction under
 * way): the answer must be handled, and the token it brings is the one to use.
 */
function startFromHeldToken(config: ValidTenantConfig): boolean {
  const { search, hash } = window.location;
  if (carriesAuthResponse(new URLSearchParams(search), hash) || msalInteractionPending()) return false;
  const client = heldTokenClient(config.clientId, config.authority, loginScopes(config.scopes));
  const held = readHeldToken(client, TOKEN_REFRESH_BUFFER_SECONDS * 1000);
  if (!held) return false;
  try {
    writeStoredToken(held.accessToken);
  } catch (error) {
    // A full or refused local storage: the session still starts with the held token.
    logAuthError(error);
  }
  setAccount(held.account);
  setAccessToken(held.accessToken, new Date(held.expiresOn));
  monitor.start(held.accessToken);
  return true;
}

const sessionBridge: SessionBridge = {
  async getToken(options) {
    if (getAuthSnapshot().account === null) return null;
    const forceRefresh = options?.forceRefresh ?? false;
    // The token already held, while fresh: MSAL would answer from its cache, at a cost per request.
    const held = forceRefresh ? null : freshAccessToken();
    if (held !== null) return held;
    return (await (await startedMsal()).tokenWithPopupFallback(forceRefresh)) || null;
  },
  hasAccount: () => getAuthSnapshot().account !== null,
  redirectToLogin: () => {
    void login({ next: currentAppPath() });
  },
};

/**
 * Sets up authentication from the tenant config: the tab's held token when it has one, with MSAL started
 * later (see startMsalWhenIdle); otherwise MSAL at once (the redirect handled, the first account made active,
 * a silent token, the monitor). A failure of the silent token is not a start-up failure: not being signed in
 * is a normal state.
 */
export async function startAuth(config: ValidTenantConfig, createClient?: MsalFactory): Promise<void> {
  tenant = config;
  msalFactory = createClient;
  started = null;
  configureApi({ baseUrl: config.apiBaseUrl, session: sessionBridge });
  if (startFromHeldToken(config)) return;
  await startedMsal();
}

let warmUp: ReturnType<typeof setTimeout> | undefined;

/**
 * The app's first screen is up: MSAL starts once the page has had a moment and the browser is idle, so that
 * its code and its start take nothing from the screen's own (a renewal, a sign-out or a sign-in that comes
 * first starts it at once).
 */
export function startMsalWhenIdle(): void {
  if (started || warmUp !== undefined || !tenant) return;
  warmUp = setTimeout(() => {
    const start = () => void startedMsal().catch(logAuthError);
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(start, { timeout: MSAL_WARM_UP_DELAY_MS });
    else start();
  }, MSAL_WARM_UP_DELAY_MS);
}

/** MSAL, started; null when it cannot start, after the failure is logged and `otherwise` has run. */
async function msalOr(otherwise: () => void): Promise<Msal | null> {
  try {
    return await startedMsal();
  } catch (error) {
    logAuthError(error);
    otherwise();
    return null;
  }
}

/** Login is skipped while another interaction is in progress; a failure is logged and told to the user. */
export async function login(options: LoginOptions = {}): Promise<void> {
  await (await msalOr(notifyLoginFailed))?.login(options);
}

/**
 * The generic auth error: 'Authentication error. Please try logging in again.', then the emergency-room cases
 * for every role (a role without that screen meets the role gate there, with a link to its own home).
 */
export function handleAuthError(error: unknown): void {
  logAuthError(error);
  notifyAuthenticationError();
  navigateTo(routes.emergencyRoomCases.href());
}

/** A silent renewal for the active account, used by the route guard; false when it is not possible. */
export async function renewSilently(): Promise<boolean> {
  return (await startedMsal()).renewSilently();
}

/**
 * A token for a screen that needs one itself. When the provider needs the user, a redirect that comes back to
 * this page (a hook cannot open a popup); null meanwhile.
 */
export async function acquireTokenOrRedirect(): Promise<string | null> {
  return (await startedMsal()).acquireTokenOrRedirect();
}

/**
 * Signing out: stop the monitor, clear the stored auth_token, then MSAL's sign-out (its cache, the provider's
 * sign-out redirect). When MSAL cannot start: the session is cleared here and the login page loaded anew.
 */
export async function signOut(): Promise<void> {
  monitor.stop();
  removeStoredToken();
  const msal = await msalOr(() => {
    // The page loads anew at the login page: without a held token its start-up runs MSAL itself, and shows the
    // Configuration Error screen if MSAL still cannot start.
    clearSession();
    window.location.replace(routes.signIn.href());
  });
  await msal?.signOut();
}

/** The router is mounted: MSAL navigates through it, now if it has started, else from its start. */
export function routeMsalThroughRouter(navigate: AppNavigate): void {
  setRouterNavigate(navigate);
  void started
    ?.then((msal) => {
      msal.navigateThroughRouter(navigate);
    })
    .catch(() => undefined);
}
