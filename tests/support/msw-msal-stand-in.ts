// A stand-in for MSAL's PublicClientApplication at its edge, for jsdom tests where a real one cannot reach
// an identity provider. It records what the app asked of it.
import {
  type AccountInfo,
  type AuthenticationResult,
  type EventCallbackFunction,
  type EventMessage,
  EventType,
  type IPublicClientApplication,
  Logger,
  type RedirectRequest,
  type PopupRequest,
  type SilentRequest,
  type EndSessionRequest,
} from '@azure/msal-browser';
import { fakeJwt } from './msw-tokens.ts';

export function fakeAccount(roles: unknown = ['er_doctor'], id = 'account-1'): AccountInfo {
  // `roles` is unknown on purpose: tokens may carry a comma-separated string or nothing.
  const idTokenClaims = { roles, exp: Math.floor(Date.now() / 1000) + 3600 } as AccountInfo['idTokenClaims'] &
    object;
  return {
    homeAccountId: id,
    localAccountId: id,
    environment: 'app.test',
    tenantId: 'tenant',
    username: `${id}@demo.test`,
    idToken: fakeJwt(idTokenClaims),
    idTokenClaims,
  };
}

export function tokenResult(account: AccountInfo, lifetimeSeconds = 3600): AuthenticationResult {
  const exp = Math.floor(Date.now() / 1000) + lifetimeSeconds;
  return {
    authority: 'https://app.test/oidc',
    uniqueId: account.localAccountId,
    tenantId: account.tenantId,
    scopes: ['openid'],
    account,
    idToken: account.idToken ?? '',
    idTokenClaims: account.idTokenClaims ?? {},
    accessToken: fakeJwt({ exp, roles: account.idTokenClaims?.roles }),
    fromCache: true,
    expiresOn: new Date(exp * 1000),
    tokenType: 'Bearer',
    correlationId: 'c',
  };
}

export interface MsalStandIn {
  readonly instance: IPublicClientApplication;
  readonly loginRequests: RedirectRequest[];
  readonly silentRequests: SilentRequest[];
  readonly popupRequests: PopupRequest[];
  readonly tokenRedirectRequests: RedirectRequest[];
  readonly logoutRequests: (EndSessionRequest | undefined)[];
  clearCacheCalls: number;
  emit(message: Omit<EventMessage, 'correlationId' | 'timestamp' | 'error'>): void;
}

export interface MsalStandInOptions {
  accounts?: AccountInfo[];
  redirectResult?: AuthenticationResult | null | Error;
  silent?: (request: SilentRequest) => Promise<AuthenticationResult>;
  logout?: () => Promise<void>;
  login?: () => Promise<void>;
}

export function createMsalStandIn(options: MsalStandInOptions = {}): MsalStandIn {
  let accounts = [...(options.accounts ?? [])];
  let active: AccountInfo | null = null;
  const callbacks = new Map<string, EventCallbackFunction>();
  const logger = new Logger({});
  const standIn: MsalStandIn = {
    loginRequests: [],
    silentRequests: [],
    popupRequests: [],
    tokenRedirectRequests: [],
    logoutRequests: [],
    clearCacheCalls: 0,
    emit(message) {
      for (const callback of callbacks.values()) {
        callback({ ...message, error: null, correlationId: 'c', timestamp: Date.now() });
      }
    },
    instance: {
      initialize: () => Promise.resolve(),
      initializeWrapperLibrary: () => undefined,
      getLogger: () => logger,
      setLogger: () => undefined,
      addEventCallback: (callback: EventCallbackFunction) => {
        const id = `cb-${callbacks.size + 1}`;
        callbacks.set(id, callback);
        return id;
      },
      removeEventCallback: (id: string) => {
        callbacks.delete(id);
      },
      handleRedirectPromise: () => {
        const result = options.redirectResult ?? null;
        return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
      },
      getAllAccounts: () => accounts,
      getActiveAccount: () => active,
      // As MSAL does, the change is told to the event callbacks at once, inside the call.
      setActiveAccount: (account: AccountInfo | null) => {
        active = account;
        standIn.emit({ eventType: EventType.ACTIVE_ACCOUNT_CHANGED, interactionType: null, payload: null });
      },
      acquireTokenSilent: (request: SilentRequest) => {
        standIn.silentRequests.push(request);
        return options.silent
          ? options.silent(request)
          : Promise.resolve(tokenResult(request.account ?? fakeAccount()));
      },
      loginRedirect: (request?: RedirectRequest) => {
        if (request) standIn.loginRequests.push(request);
        return options.login ? options.login() : Promise.resolve();
      },
      acquireTokenPopup: (request: PopupRequest) => {
        standIn.popupRequests.push(request);
        return Promise.resolve(tokenResult(request.account ?? fakeAccount()));
      },
      acquireTokenRedirect: (request: RedirectRequest) => {
        standIn.tokenRedirectRequests.push(request);
        return Promise.resolve();
      },
      logoutRedirect: (request?: EndSessionRequest) => {
        standIn.logoutRequests.push(request);
        return options.logout ? options.logout() : Promise.resolve();
      },
      clearCache: () => {
        standIn.clearCacheCalls += 1;
        accounts = [];
        active = null;
        return Promise.resolve();
      },
      setNavigationClient: () => undefined,
    } as unknown as IPublicClientApplication,
  };
  return standIn;
}
