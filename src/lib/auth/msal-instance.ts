// The one MSAL instance and what the app does with it: its start, login, tokens, sign-out. Loaded by
// session.ts when MSAL is needed; nothing at start-up imports it statically.
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
import { routes } from '../../config/routes.ts';
import {
  heldAccount,
  heldTokenClient,
  removeHeldToken,
  removeStoredToken,
  writeHeldToken,
  writeStoredToken,
} from '../api/stored-token.ts';
import { yieldToMain } from '../yield-to-main.ts';
import { logAuthError } from './auth-log.ts';
import {
  clearSession,
  dispatchInteraction,
  getAuthSnapshot,
  setAccessToken,
  setAccount,
} from './auth-store.ts';
import { isInteractionInProgress } from './interaction.ts';
import { buildMsalConfiguration } from './msal-config.ts';
import { interactionEventFromMsal } from './msal-events.ts';
import { type AppNavigate, currentAppPath, navigateTo, routerNavigation } from './navigation.ts';
import { notifyLoginFailed } from './notices.ts';
import { type LoginOptions, loginRequest, popupRequest, silentRequest } from './requests.ts';
import { RouterNavigationClient } from './router-navigation-client.ts';
import { loginScopes } from './scopes.ts';
import { keepStartupAuthError, startMonitor, stopMonitor } from './session.ts';
import type { ValidTenantConfig } from './tenant-config.ts';

export type MsalFactory = (configuration: Configuration) => IPublicClientApplication;

const createPublicClient: MsalFactory = (configuration) => new PublicClientApplication(configuration);

let msal: IPublicClientApplication | null = null;
let scopes: string[] = [];
/** The sign-in (client, authority, scopes) the tab's held token must come from. */
let client = '';

function getMsalInstance(): IPublicClientApplication {
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
      account: heldAccount(result.account),
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

export async function refreshActiveToken(): Promise<string> {
  const account = activeAccount();
  if (!account) throw new Error('No active account to refresh a token for.');
  return acquireSilently(account, true);
}

/** A silent token for the active account (none: null); when the provider needs the user, a popup. */
export async function tokenWithPopupFallback(forceRefresh: boolean): Promise<string | null> {
  const account = activeAccount();
  if (!account) return null;
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

/** A silent renewal for the active account, used by the route guard; false when it is not possible. */
export async function renewSilently(): Promise<boolean> {
  const account = activeAccount();
  if (!account) return false;
  startMonitor(await acquireSilently(account, false));
  return true;
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
      if (interactive && result.accessToken) startMonitor(recordToken(result));
      return;
    }
    case EventType.ACTIVE_ACCOUNT_CHANGED:
      setAccount(activeAccount());
      return;
    case EventType.LOGOUT_SUCCESS:
      stopMonitor();
      removeStoredToken();
      clearSession();
      return;
    default:
      return;
  }
}

/**
 * MSAL's start: set up from the tenant config, handle the redirect, make the first account active. Then, unless
 * the session already runs on the token MSAL gave this account last (a reload started from it), a silent token
 * and the monitor. A failure of the silent token is not a start-up failure: not being signed in is a normal
 * state.
 */
export async function startMsal(
  config: ValidTenantConfig,
  createClient: MsalFactory = createPublicClient,
): Promise<void> {
  // The session as start-up left it, read before MSAL's events (its active account changing among them) can
  // change it.
  const session = getAuthSnapshot();
  scopes = loginScopes(config.scopes);
  client = heldTokenClient(config.clientId, config.authority, scopes);
  const instance = createClient(buildMsalConfiguration(config, window.location.origin));
  await instance.initialize();
  msal = instance;
  instance.addEventCallback(onMsalEvent);
  const navigate = routerNavigation();
  if (navigate) instance.setNavigationClient(new RouterNavigationClient(navigate));
  await yieldToMain();

  let result: AuthenticationResult | null = null;
  try {
    result = await instance.handleRedirectPromise();
  } catch (error) {
    // The provider answered the redirect with an error: the app still starts, signed out.
    keepStartupAuthError(error);
  }
  dispatchInteraction({ type: 'redirect-promise-resolved' });

  const account = result?.account ?? instance.getActiveAccount() ?? instance.getAllAccounts()[0] ?? null;
  // MSAL writes the active account to its storage: not again when it is the one already active.
  if (instance.getActiveAccount()?.homeAccountId !== account?.homeAccountId)
    instance.setActiveAccount(account);
  const running =
    result === null && session.authenticated && session.account?.homeAccountId === account?.homeAccountId;
  if (!running && session.authenticated) {
    // The session started from a held token of an account MSAL no longer has active: that token goes.
    stopMonitor();
    removeStoredToken();
  }
  setAccount(account);
  if (!account || running) return;
  await yieldToMain();
  try {
    startMonitor(await acquireSilently(account, false));
  } catch (error) {
    if (!(error instanceof InteractionRequiredAuthError)) logAuthError(error);
  }
}

/** MSAL navigates through the router from now on: the router is mounted (a start later does so itself). */
export function navigateThroughRouter(navigate: AppNavigate): void {
  msal?.setNavigationClient(new RouterNavigationClient(navigate));
}

/**
 * Signing out: stop the monitor, clear the auth cache and the stored auth_token, then the provider's
 * sign-out for the active account. If that fails: clear the cache and go to the login page.
 */
export async function signOut(): Promise<void> {
  stopMonitor();
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
