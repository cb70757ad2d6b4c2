// The signed-in session: one object per page, made from the tenant config and an MSAL instance, and handed to
// React through AuthProvider beside MSAL's own provider. It owns the start-up order (MSAL, the redirect, the first
// account active, a silent token, the monitor), `auth_token` (the fallback bearer), the token monitor, and what
// the app does with MSAL (sign-in, renewal, sign-out). MSAL's cache is the one store of tokens: every token the
// app sends comes from MSAL's silent call, which answers from that cache while the token is fresh.
import {
  type AccountInfo,
  type AuthenticationResult,
  BrowserAuthErrorCodes,
  type EventMessage,
  EventType,
  InteractionRequiredAuthError,
  InteractionStatus,
  InteractionType,
  type IPublicClientApplication,
  NavigationClient,
} from '@azure/msal-browser';
import { routes } from '../../config/routes.ts';
import { texts } from '../../config/texts.ts';
import { configureApi } from '../api/index.ts';
import { yieldToMain } from '../yield-to-main.ts';
import { logAuthError } from './auth-log.ts';
import { readAuthToken, removeAuthToken, type TokenStorage, writeAuthToken } from './auth-token.ts';
import { type AppNavigate, currentAppPath } from './navigation.ts';
import { type LoginOptions, loginRequest, popupRequest, silentRequest } from './requests.ts';
import { rolesOrEmpty } from './role-claims.ts';
import { RouterNavigationClient } from './router-navigation-client.ts';
import { loginScopes } from './scopes.ts';
import type { ValidTenantConfig } from './tenant-config.ts';
import { type AuthClock, createTokenMonitor, systemClock } from './token-monitor.ts';

export interface AuthSessionOptions {
  readonly tenant: ValidTenantConfig;
  readonly msal: IPublicClientApplication;
  /** Where `auth_token` is kept: the browser's local storage. */
  readonly storage: TokenStorage;
  readonly clock?: AuthClock;
  /** The page's origin, for the redirect addresses. */
  readonly origin?: string;
}

/** What React reads of the session beside MSAL's own state: for which account a token was acquired. */
export interface AuthSessionState {
  /** The account (homeAccountId) a token was acquired for since the session last ended; null: none. */
  readonly tokenFor: string | null;
  /** The roles the last access token carries: read when the ID token carries none. */
  readonly accessTokenRoles: readonly string[];
}

export interface AuthSession {
  readonly msal: IPublicClientApplication;
  /** Start-up: MSAL, the redirect, the first account active, a silent token and the monitor. */
  start(): Promise<void>;
  readonly getState: () => AuthSessionState;
  readonly subscribe: (listener: () => void) => () => void;
  /** The provider answered the sign-in redirect with an error that the router has yet to act on. */
  hasStartupError(): boolean;
  takeStartupError(): { error: unknown } | null;
  /** Login is skipped while another interaction is in progress; a failure is logged and told to the user. */
  login(options?: LoginOptions, inProgress?: InteractionStatus): Promise<void>;
  /** The address `/`'s own sign-in, before the app: false when the redirect did not start; nothing is told. */
  loginBeforeApp(options?: LoginOptions): Promise<boolean>;
  /** A silent renewal for the active account (the route guard's); false when there is none. */
  renewSilently(): Promise<boolean>;
  /** Stop the monitor, clear the cache and auth_token, then the provider's sign-out for the active account. */
  signOut(): Promise<void>;
  /** 'Authentication error. Please try logging in again.', then the emergency-room cases. */
  handleAuthError(error: unknown): void;
  /** The router is mounted (and the Toaster): navigations and notices go through them until `detach`. */
  attach(navigate: AppNavigate, showError: (message: string) => void): () => void;
  /** True the first time it is asked for an account: its role toast is shown once. */
  firstRoleNotice(accountId: string): boolean;
  /** The roles of the active account once a token was acquired for it (its ID token's, else its access token's). */
  signedInRoles(): readonly string[];
  readonly monitorRunning: boolean;
}

const signedOut: AuthSessionState = { tokenFor: null, accessTokenRoles: [] };

function isInteractionInProgressError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { errorCode?: unknown }).errorCode === BrowserAuthErrorCodes.interactionInProgress
  );
}

export function createAuthSession(options: AuthSessionOptions): AuthSession {
  const { tenant, msal, storage } = options;
  const clock = options.clock ?? systemClock;
  const origin = options.origin ?? window.location.origin;
  const scopes = loginScopes(tenant.scopes);
  const listeners = new Set<() => void>();
  const pendingNotices: string[] = [];
  const roleNoticesShown = new Set<string>();
  let state = signedOut;
  let startupError: { error: unknown } | null = null;
  let navigate: AppNavigate | null = null;
  let showError: ((message: string) => void) | null = null;

  function publish(next: AuthSessionState): void {
    if (
      next.tokenFor === state.tokenFor &&
      next.accessTokenRoles.length === state.accessTokenRoles.length &&
      next.accessTokenRoles.every((role, index) => role === state.accessTokenRoles[index])
    )
      return;
    state = next;
    for (const listener of listeners) listener();
  }

  function notify(message: string): void {
    if (showError) showError(message);
    else pendingNotices.push(message);
  }

  function navigateTo(path: string, replace = false): void {
    if (navigate) void navigate(path, { replace });
    else if (replace) window.location.replace(path);
    else window.location.assign(path);
  }

  function recordToken(result: AuthenticationResult): string {
    try {
      writeAuthToken(storage, result.accessToken);
    } catch (error) {
      // A full or refused local storage: the session goes on with MSAL's cache.
      logAuthError(error);
    }
    publish({
      tokenFor: result.account.homeAccountId,
      accessTokenRoles: rolesOrEmpty(undefined, result.accessToken),
    });
    return result.accessToken;
  }

  function endLocally(): void {
    monitor.stop();
    removeAuthToken(storage);
    publish(signedOut);
  }

  async function acquireSilently(account: AccountInfo, forceRefresh: boolean): Promise<string> {
    return recordToken(await msal.acquireTokenSilent(silentRequest(scopes, account, { forceRefresh })));
  }

  const monitor = createTokenMonitor(async () => {
    const account = msal.getActiveAccount();
    if (!account) throw new Error('No active account to refresh a token for.');
    return acquireSilently(account, true);
  }, clock);

  type Redirect = { readonly started: true } | { readonly started: false; readonly error?: unknown };

  async function redirectToSignIn(login: LoginOptions, inProgress: InteractionStatus): Promise<Redirect> {
    if (inProgress !== InteractionStatus.None) return { started: false };
    try {
      await msal.loginRedirect(loginRequest(scopes, origin, login));
      return { started: true };
    } catch (error) {
      return isInteractionInProgressError(error) ? { started: false } : { started: false, error };
    }
  }

  function onMsalEvent(message: EventMessage): void {
    const interactive =
      message.interactionType === InteractionType.Redirect ||
      message.interactionType === InteractionType.Popup;
    if (message.eventType === EventType.ACQUIRE_TOKEN_SUCCESS && interactive) {
      // A popup's token starts a session here; a silent result is recorded by its caller.
      const result = message.payload as AuthenticationResult | null;
      if (!result?.account) return;
      if (!msal.getActiveAccount()) msal.setActiveAccount(result.account);
      if (result.accessToken) monitor.start(recordToken(result));
    } else if (message.eventType === EventType.LOGOUT_SUCCESS) {
      endLocally();
    }
  }

  const session: AuthSession = {
    msal,
    async start() {
      configureApi({
        baseUrl: tenant.apiBaseUrl,
        session: {
          async getToken(request) {
            const account = msal.getActiveAccount();
            if (!account) return null;
            const forceRefresh = request?.forceRefresh ?? false;
            try {
              return await acquireSilently(account, forceRefresh);
            } catch (error) {
              // The provider needs the user: a popup, as a silent call cannot ask.
              if (!(error instanceof InteractionRequiredAuthError)) throw error;
              return recordToken(await msal.acquireTokenPopup(popupRequest(scopes, account)));
            }
          },
          hasAccount: () => msal.getActiveAccount() !== null,
          storedToken: () => readAuthToken(storage, clock.now()),
          clearStoredToken: () => {
            removeAuthToken(storage);
          },
          redirectToLogin: () => {
            void session.login({ next: currentAppPath() });
          },
        },
      });
      await msal.initialize();
      msal.addEventCallback(onMsalEvent);
      await yieldToMain();
      let result: AuthenticationResult | null = null;
      try {
        result = await msal.handleRedirectPromise();
      } catch (error) {
        // The provider answered the redirect with an error: the app still starts, signed out.
        startupError = { error };
      }
      const account = result?.account ?? msal.getActiveAccount() ?? msal.getAllAccounts()[0] ?? null;
      // MSAL writes the active account to its storage: not again when it is the one already active.
      if (msal.getActiveAccount()?.homeAccountId !== account?.homeAccountId) msal.setActiveAccount(account);
      if (!account) return;
      await yieldToMain();
      try {
        monitor.start(await acquireSilently(account, false));
      } catch (error) {
        // Not being signed in is a normal state: a failed silent token is no start-up failure.
        if (!(error instanceof InteractionRequiredAuthError)) logAuthError(error);
      }
    },
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    hasStartupError: () => startupError !== null,
    takeStartupError() {
      const pending = startupError;
      startupError = null;
      return pending;
    },
    async login(login = {}, inProgress = InteractionStatus.None) {
      const redirect = await redirectToSignIn(login, inProgress);
      if (redirect.started || !('error' in redirect)) return;
      logAuthError(redirect.error);
      notify(texts.loginFailed);
    },
    async loginBeforeApp(login = {}) {
      const redirect = await redirectToSignIn(login, InteractionStatus.None);
      if (!redirect.started && 'error' in redirect) logAuthError(redirect.error);
      return redirect.started;
    },
    async renewSilently() {
      const account = msal.getActiveAccount();
      if (!account) return false;
      monitor.start(await acquireSilently(account, false));
      return true;
    },
    async signOut() {
      monitor.stop();
      removeAuthToken(storage);
      const account = msal.getActiveAccount();
      try {
        await msal.clearCache();
        publish(signedOut);
        await msal.logoutRedirect({
          account,
          ...(account?.idToken ? { idTokenHint: account.idToken } : {}),
        });
      } catch (error) {
        logAuthError(error);
        await msal.clearCache().catch(logAuthError);
        endLocally();
        navigateTo(routes.signIn.href(), true);
      }
    },
    handleAuthError(error) {
      // Every role is sent to the emergency-room cases; a role without that screen meets the role gate there,
      // with a link to its own home.
      logAuthError(error);
      notify(texts.authenticationError);
      navigateTo(routes.emergencyRoomCases.href());
    },
    attach(routerNavigate, show) {
      navigate = routerNavigate;
      showError = show;
      msal.setNavigationClient(new RouterNavigationClient(routerNavigate));
      for (const message of pendingNotices.splice(0)) show(message);
      return () => {
        if (navigate === routerNavigate) {
          navigate = null;
          showError = null;
          msal.setNavigationClient(new NavigationClient());
        }
      };
    },
    firstRoleNotice(accountId) {
      if (roleNoticesShown.has(accountId)) return false;
      roleNoticesShown.add(accountId);
      return true;
    },
    signedInRoles() {
      const account = msal.getActiveAccount();
      if (!account || state.tokenFor !== account.homeAccountId) return [];
      const fromId = rolesOrEmpty(account.idTokenClaims, null);
      return fromId.length > 0 ? fromId : state.accessTokenRoles;
    },
    get monitorRunning() {
      return monitor.running;
    },
  };
  return session;
}
