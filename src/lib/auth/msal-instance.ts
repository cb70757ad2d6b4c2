// The one MSAL instance and what the app does with it: start-up, login, tokens, sign-out.
import {
  type AccountInfo,
  type AuthenticationResult,
  BrowserAuthErrorCodes,
  type Configuration,
  EventType,
  type EventMessage,
  InteractionRequiredAuthError,
  InteractionType,
  type IPublicClientApplication,
  PublicClientApplication,
} from '@azure/msal-browser';
import { TOKEN_REFRESH_BUFFER_SECONDS } from '../../config/constants.ts';
import { routes } from '../../config/routes.ts';
import { configureApi, type SessionBridge } from '../api/index.ts';
import {
  heldTokenClient,
  readHeldToken,
  removeHeldToken,
  removeStoredToken,
  writeHeldToken,
  writeStoredToken,
} from '../api/stored-token.ts';
import { logAuthError } from './auth-log.ts';
import {
  clearSession,
  dispatchInteraction,
  freshAccessToken,
  getAuthSnapshot,
  setAccessToken,
  setAccount,
} from './auth-store.ts';
import { interactionEventFromMsal, isInteractionInProgress } from './interaction.ts';
import { buildMsalConfiguration } from './msal-config.ts';
import { yieldToMain } from '../yield-to-main.ts';
import { currentAppPath, navigateTo } from './navigation.ts';
import { notifyAuthenticationError, notifyLoginFailed } from './notices.ts';
import { type LoginOptions, loginRequest, popupRequest, silentRequest } from './requests.ts';
import { loginScopes } from './scopes.ts';
import type { ValidTenantConfig } from './tenant-config.ts';
import { createTokenMonitor } from './token-monitor.ts';

export type MsalFactory = (configuration: Configuration) => IPublicClientApplication;

const createPublicClient: MsalFactory = (configuration) => new PublicClientApplication(configuration);

let msal: IPublicClientApplication | null = null;
let scopes: string[] = [];
/** The sign-in (client, authority, scopes) the tab's held token must come from. */
let client = '';

const monitor = createTokenMonitor(() => refreshActiveToken());

export function getMsalInstance(): IPublicClientApplication {
  if (!msal) throw new Error('Authentication is not started: call startAuth first.');
  return msal;
}

function activeAccount(): AccountInfo | null {
  return msal?.getActiveAccount() ?? null;
}

function recordToken(result: AuthenticationResult): string {
  writeStoredToken(result.accessToken);
  // Without an end from MSAL, nothing says for how long the token is good: the next reload asks MSAL.
  if (result.expiresOn)
    writeHeldToken({
      account: result.account.homeAccountId,
      client,
      accessToken: result.accessToken,
      expiresOn: result.expiresOn.getTime(),
      heldAt: Date.now(),
    });
  else removeHeldToken();
  setAccessToken(result.accessToken, result.expiresOn);
  return result.accessToken;
}

async function acquireSilently(account: AccountInfo, forceRefresh: boolean): Promise<string> {
  return recordToken(
    await getMsalInstance().acquireTokenSilent(silentRequest(scopes, account, { forceRefresh })),
  );
}

async function refreshActiveToken(): Promise<string> {
  const account = activeAccount();
  if (!account) throw new Error('No active account to refresh a token for.');
  return acquireSilently(account, true);
}

/** A silent token; when the provider needs the user, a popup. */
async function tokenWithPopupFallback(account: AccountInfo, forceRefresh: boolean): Promise<string> {
  try {
    return await acquireSilently(account, forceRefresh);
  } catch (error) {
    if (!(error instanceof InteractionRequiredAuthError)) throw error;
    return recordToken(await getMsalInstance().acquireTokenPopup(popupRequest(scopes, account)));
  }
}

/**
 * A token for a screen that needs one itself. When the provider needs the user, a redirect that comes
 * back to this page (a hook cannot open a popup); null meanwhile.
 */
export async function acquireTokenOrRedirect(): Promise<string | null> {
  const account = activeAccount();
  if (!account) return null;
  try {
    return await acquireSilently(account, false);
  } catch (error) {
    if (!(error instanceof InteractionRequiredAuthError)) throw error;
    const request = loginRequest(scopes, window.location.origin, { next: currentAppPath() });
    await getMsalInstance().acquireTokenRedirect({ ...request, account });
    return null;
  }
}

function isInteractionInProgressError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { errorCode?: unknown }).errorCode === BrowserAuthErrorCodes.interactionInProgress
  );
}

type SignInRedirect = { readonly started: true } | { readonly started: false; readonly error?: unknown };

/** The sign-in redirect. Not started while another interaction is in progress, nor when it fails. */
async function redirectToSignIn(options: LoginOptions): Promise<SignInRedirect> {
  const instance = msal;
  if (!instance || isInteractionInProgress(getAuthSnapshot().interaction)) return { started: false };
  try {
    await instance.loginRedirect(loginRequest(scopes, window.location.origin, options));
    return { started: true };
  } catch (error) {
    return isInteractionInProgressError(error) ? { started: false } : { started: false, error };
  }
}

/** Login is skipped while another interaction is in progress; a failure is logged and told to the user. */
export async function login(options: LoginOptions = {}): Promise<void> {
  const redirect = await redirectToSignIn(options);
  if (redirect.started || !('error' in redirect)) return;
  logAuthError(redirect.error);
  notifyLoginFailed();
}

/**
 * The address `/`'s own sign-in, before the app is loaded: false when the redirect did not start. Nothing is
 * told: the app then starts and tries once more, with its screen and its notices.
 */
export async function loginBeforeApp(options: LoginOptions = {}): Promise<boolean> {
  const redirect = await redirectToSignIn(options);
  if (!redirect.started && 'error' in redirect) logAuthError(redirect.error);
  return redirect.started;
}

/** The seed's generic auth error: say so, then go to the emergency-room cases. */
export function handleAuthError(error: unknown): void {
  logAuthError(error);
  notifyAuthenticationError();
  navigateTo(routes.emergencyRoomCases.href());
}

/** A silent renewal for the active account, used by the route guard; false when it is not possible. */
export async function renewSilently(): Promise<boolean> {
  const account = activeAccount();
  if (!account) return false;
  monitor.start(await acquireSilently(account, false));
  return true;
}

let startupAuthError: { error: unknown } | null = null;

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

function onMsalEvent(message: EventMessage): void {
  const interactionEvent = interactionEventFromMsal(message);
  if (interactionEvent) dispatchInteraction(interactionEvent);
  const interactive =
    message.interactionType === InteractionType.Redirect || message.interactionType === InteractionType.Popup;
  switch (message.eventType) {
    case EventType.LOGIN_SUCCESS:
      // Its payload is the account that signed in.
      msal?.setActiveAccount(message.payload as AccountInfo);
      setAccount(activeAccount());
      return;
    case EventType.ACQUIRE_TOKEN_SUCCESS: {
      const result = message.payload as AuthenticationResult | null;
      if (!result?.account) return;
      if (!activeAccount()) msal?.setActiveAccount(result.account);
      setAccount(activeAccount());
      // Silent results are recorded by their caller; an interactive one starts a session here.
      if (interactive && result.accessToken) monitor.start(recordToken(result));
      return;
    }
    case EventType.ACTIVE_ACCOUNT_CHANGED:
      setAccount(activeAccount());
      return;
    case EventType.LOGOUT_SUCCESS:
      monitor.stop();
      removeStoredToken();
      clearSession();
      return;
    default:
      return;
  }
}

const sessionBridge: SessionBridge = {
  async getToken(options) {
    const account = activeAccount();
    if (!account) return null;
    const forceRefresh = options?.forceRefresh ?? false;
    // The silent token already held, while fresh: MSAL would answer from its cache, at a cost per request.
    const held = forceRefresh ? null : freshAccessToken();
    if (held !== null) return held;
    return (await tokenWithPopupFallback(account, forceRefresh)) || null;
  },
  hasAccount: () => activeAccount() !== null,
  redirectToLogin: () => {
    void login({ next: currentAppPath() });
  },
};

/**
 * Sets up authentication from the tenant config, handle the redirect, make the first account
 * active, take the tab's held token or else get one silently, and start the monitor. A failure of the
 * silent token is not a start-up failure: not being signed in is a normal state.
 */
export async function startAuth(
  config: ValidTenantConfig,
  createClient: MsalFactory = createPublicClient,
): Promise<void> {
  scopes = loginScopes(config.scopes);
  client = heldTokenClient(config.clientId, config.authority, scopes);
  const instance = createClient(buildMsalConfiguration(config, window.location.origin));
  await instance.initialize();
  msal = instance;
  instance.addEventCallback(onMsalEvent);
  await yieldToMain();

  let result: AuthenticationResult | null = null;
  try {
    result = await instance.handleRedirectPromise();
  } catch (error) {
    // The provider answered the redirect with an error: the app still starts, signed out.
    startupAuthError = { error };
  }
  dispatchInteraction({ type: 'redirect-promise-resolved' });

  const account = result?.account ?? instance.getActiveAccount() ?? instance.getAllAccounts()[0] ?? null;
  instance.setActiveAccount(account);
  setAccount(account);
  configureApi({ baseUrl: config.apiBaseUrl, session: sessionBridge });

  if (!account) return;
  // A reload of a signed-in tab: the token MSAL gave this account last, while it is good for longer than the
  // refresh buffer, starts the session without asking MSAL again (its silent call is most of start-up's
  // sign-in work); the monitor renews it through MSAL as ever. Not on the way back from a sign-in: the
  // token that sign-in gave is the one to use.
  const held =
    result === null
      ? readHeldToken(account.homeAccountId, client, TOKEN_REFRESH_BUFFER_SECONDS * 1000)
      : null;
  if (held) {
    try {
      writeStoredToken(held.accessToken);
    } catch (error) {
      // A full or refused local storage: the session still starts with the held token, as the silent path's
      // would after logging the same failure.
      logAuthError(error);
    }
    setAccessToken(held.accessToken, new Date(held.expiresOn));
    monitor.start(held.accessToken);
    return;
  }
  await yieldToMain();
  try {
    monitor.start(await acquireSilently(account, false));
  } catch (error) {
    if (!(error instanceof InteractionRequiredAuthError)) logAuthError(error);
  }
}

/**
 * Signing out: stop the monitor, clear the auth cache and the stored auth_token, then the provider's
 * sign-out for the active account. If that fails: clear the cache and go to the login page.
 */
export async function signOut(): Promise<void> {
  monitor.stop();
  removeStoredToken();
  const instance = getMsalInstance();
  const account = activeAccount();
  try {
    await instance.clearCache();
    clearSession();
    await instance.logoutRedirect({
      account,
      ...(account?.idToken ? { idTokenHint: account.idToken } : {}),
    });
  } catch (error) {
    logAuthError(error);
    await instance.clearCache().catch(logAuthError);
    clearSession();
    navigateTo(routes.signIn.href(), { replace: true });
  }
}

export function isTokenMonitorRunning(): boolean {
  return monitor.running;
}
