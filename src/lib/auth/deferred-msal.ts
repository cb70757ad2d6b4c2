// The page's MSAL instance, whose code may arrive after the first screen. With a head start (MSAL's own cache
// holds the active account and a token MSAL would hand out as it is), the app starts on those entries: accounts
// and silent tokens are answered from them, the rest waits for MSAL. MSAL's code then loads once the page is
// idle, or at once when something needs it (a token near its end, a sign-in, a sign-out); from then on every
// call goes to MSAL. Without a head start MSAL loads at once and every call waits for it, as before.
import type {
  AccountInfo,
  AuthenticationResult,
  Configuration,
  EventCallbackFunction,
  EventType,
  INavigationClient,
  IPublicClientApplication,
  Logger as MsalLogger,
  PerformanceCallbackFunction,
  SilentRequest,
  WrapperSKU,
} from '@azure/msal-browser';
import { Logger } from '@azure/msal-browser';

/** The filter MSAL's account lookups take (its type is not exported by the browser package). */
type AccountFilter = Parameters<IPublicClientApplication['getAccount']>[0];
import { type CachedSession, RENEWAL_OFFSET_SECONDS } from './msal-cache-entries.ts';

export type LoadMsal = (configuration: Configuration) => Promise<IPublicClientApplication>;

export interface DeferredMsalOptions {
  readonly configuration: Configuration;
  readonly load: LoadMsal;
  /** MSAL's cache entries read at start-up; null: no head start. */
  readonly headStart: CachedSession | null;
  /** When to load MSAL's code if nothing asks for it first (the page's first idle moment, by default). */
  readonly whenIdle?: (load: () => void) => void;
  /** Seconds since the epoch, for a cached token's end. */
  readonly nowSeconds?: () => number;
}

export interface DeferredMsal extends IPublicClientApplication {
  /** Whether the app started on MSAL's cache entries, before MSAL's code. */
  readonly startedAhead: boolean;
  /** MSAL's own instance, loaded and started (initialised, its redirect handled). */
  readonly loaded: () => Promise<IPublicClientApplication>;
}

/** After the page's load event, at its first idle moment (a timer where the browser has no idle callback). */
export function whenPageIdle(load: () => void): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(load, { timeout: 5_000 });
    else setTimeout(load, 1_000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

const sameAccount = (account: AccountInfo | null, other: AccountInfo): boolean =>
  account?.homeAccountId === other.homeAccountId;

function matches(account: AccountInfo, filter: AccountFilter | undefined): boolean {
  if (!filter) return true;
  return (
    (filter.homeAccountId === undefined || filter.homeAccountId === account.homeAccountId) &&
    (filter.localAccountId === undefined || filter.localAccountId === account.localAccountId) &&
    (filter.username === undefined || filter.username.toLowerCase() === account.username.toLowerCase())
  );
}

export function createDeferredMsal(options: DeferredMsalOptions): DeferredMsal {
  const { configuration, headStart } = options;
  const nowSeconds = options.nowSeconds ?? (() => Date.now() / 1000);
  const logger = new Logger(configuration.system?.loggerOptions ?? {});
  // What the app set before MSAL arrived, handed to MSAL when it does.
  const callbacks = new Map<string, { callback: EventCallbackFunction; types?: EventType[] }>();
  const performanceCallbacks = new Map<string, PerformanceCallbackFunction>();
  let wrapper: [WrapperSKU, string] | null = null;
  let navigationClient: INavigationClient | null = null;
  let activeAccount: AccountInfo | null = headStart?.account ?? null;
  let activeAccountChanged = false;
  let real: IPublicClientApplication | null = null;
  let loading: Promise<IPublicClientApplication> | null = null;
  let nextId = 0;
  // The app's callback ids, and MSAL's for the same callbacks once it has them.
  const realIds = new Map<string, string>();
  const realPerformanceIds = new Map<string, string>();

  async function start(): Promise<IPublicClientApplication> {
    const instance = await options.load(configuration);
    await instance.initialize();
    if (wrapper) instance.initializeWrapperLibrary(...wrapper);
    if (navigationClient) instance.setNavigationClient(navigationClient);
    if (headStart) {
      // Its housekeeping done before the app hears from it: no interaction was under way (the head start's
      // condition), so the app's interaction state stays as it is.
      await instance.handleRedirectPromise();
      if (activeAccountChanged) instance.setActiveAccount(activeAccount);
    }
    for (const [id, { callback, types }] of callbacks) {
      const realId = instance.addEventCallback(callback, types);
      if (realId !== null) realIds.set(id, realId);
    }
    for (const [id, callback] of performanceCallbacks)
      realPerformanceIds.set(id, instance.addPerformanceCallback(callback));
    real = instance;
    return instance;
  }

  const loaded = (): Promise<IPublicClientApplication> => {
    loading ??= start().catch((error: unknown) => {
      // A failed load is tried again by the next call that needs MSAL.
      loading = null;
      throw error;
    });
    return loading;
  };

  if (headStart) (options.whenIdle ?? whenPageIdle)(() => void loaded().catch(() => undefined));

  const cachedToken = (request: SilentRequest): AuthenticationResult | null => {
    if (!headStart || real || request.forceRefresh) return null;
    if (request.account && !sameAccount(request.account, headStart.account)) return null;
    const { result } = headStart;
    const ends = (result.expiresOn?.getTime() ?? 0) / 1000;
    // MSAL's own rule: a token within its renewal window is renewed, not handed out.
    return ends - RENEWAL_OFFSET_SECONDS > nowSeconds() ? result : null;
  };

  const later =
    <Args extends unknown[], Result>(
      call: (instance: IPublicClientApplication, ...args: Args) => Promise<Result>,
    ) =>
    async (...args: Args): Promise<Result> =>
      call(await loaded(), ...args);

  const msal: DeferredMsal = {
    startedAhead: headStart !== null,
    loaded,
    async initialize() {
      if (!headStart) await loaded();
    },
    async handleRedirectPromise(redirectOptions) {
      if (headStart && !real) return null;
      return (await loaded()).handleRedirectPromise(redirectOptions);
    },
    async acquireTokenSilent(request) {
      return cachedToken(request) ?? (await loaded()).acquireTokenSilent(request);
    },
    acquireTokenPopup: later((instance, request) => instance.acquireTokenPopup(request)),
    acquireTokenRedirect: later((instance, request) => instance.acquireTokenRedirect(request)),
    acquireTokenByCode: later((instance, request) => instance.acquireTokenByCode(request)),
    loginPopup: later((instance, request) => instance.loginPopup(request)),
    loginRedirect: later((instance, request) => instance.loginRedirect(request)),
    logoutRedirect: later((instance, request) => instance.logoutRedirect(request)),
    logoutPopup: later((instance, request) => instance.logoutPopup(request)),
    ssoSilent: later((instance, request) => instance.ssoSilent(request)),
    hydrateCache: later((instance, result, request) => instance.hydrateCache(result, request)),
    clearCache: later((instance, request) => instance.clearCache(request)),
    addEventCallback(callback, types) {
      nextId += 1;
      const id = `deferred-${nextId}`;
      callbacks.set(id, { callback, ...(types ? { types } : {}) });
      if (real) {
        const realId = real.addEventCallback(callback, types);
        if (realId !== null) realIds.set(id, realId);
      }
      return id;
    },
    removeEventCallback(id) {
      callbacks.delete(id);
      const realId = realIds.get(id);
      realIds.delete(id);
      if (real && realId !== undefined) real.removeEventCallback(realId);
    },
    addPerformanceCallback(callback) {
      nextId += 1;
      const id = `deferred-${nextId}`;
      performanceCallbacks.set(id, callback);
      if (real) realPerformanceIds.set(id, real.addPerformanceCallback(callback));
      return id;
    },
    removePerformanceCallback(id) {
      const known = performanceCallbacks.delete(id);
      const realId = realPerformanceIds.get(id);
      realPerformanceIds.delete(id);
      return real && realId !== undefined ? real.removePerformanceCallback(realId) : known;
    },
    getAccount(filter) {
      if (real) return real.getAccount(filter);
      return headStart && matches(headStart.account, filter) ? headStart.account : null;
    },
    getAllAccounts(filter) {
      if (real) return real.getAllAccounts(filter);
      return headStart && matches(headStart.account, filter) ? [headStart.account] : [];
    },
    getActiveAccount() {
      return real ? real.getActiveAccount() : activeAccount;
    },
    setActiveAccount(account) {
      if (real) {
        real.setActiveAccount(account);
        return;
      }
      activeAccount = account;
      activeAccountChanged = true;
    },
    getLogger: (): MsalLogger => (real ? real.getLogger() : logger),
    setLogger(next) {
      if (real) real.setLogger(next);
    },
    initializeWrapperLibrary(sku, version) {
      wrapper = [sku, version];
      if (real) real.initializeWrapperLibrary(sku, version);
    },
    setNavigationClient(client) {
      navigationClient = client;
      if (real) real.setNavigationClient(client);
    },
    getConfiguration() {
      if (!real) throw new Error('MSAL has not loaded yet: its configuration is not built.');
      return real.getConfiguration();
    },
  };
  return msal;
}
