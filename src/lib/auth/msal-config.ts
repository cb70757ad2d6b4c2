// The MSAL configuration for a tenant: OIDC mode for our own provider, AAD mode for Microsoft Entra ID.
import {
  BrowserCacheLocation,
  type Configuration,
  type INavigationClient,
  LogLevel,
  ProtocolMode,
} from '@azure/msal-browser';
import { createDeferredMsal, type DeferredMsal, type LoadMsal } from './deferred-msal.ts';
import { readCachedSession } from './msal-cache-entries.ts';
import { loginScopes } from './scopes.ts';
import type { ValidTenantConfig } from './tenant-config.ts';

const MICROSOFT_LOGIN_HOST = 'login.microsoftonline.com';

export function isMicrosoftAuthority(authority: string): boolean {
  return new URL(authority).hostname.toLowerCase() === MICROSOFT_LOGIN_HOST;
}

function logMsal(level: LogLevel, message: string, containsPii: boolean): void {
  if (containsPii) return;
  if (level === LogLevel.Error) console.error(message);
  else if (level === LogLevel.Warning) console.warn(message);
}

export function buildMsalConfiguration(
  config: ValidTenantConfig,
  origin: string,
  navigationClient?: INavigationClient,
): Configuration {
  const microsoft = isMicrosoftAuthority(config.authority);
  return {
    auth: {
      clientId: config.clientId,
      authority: config.authority,
      // MSAL trusts a non-Microsoft authority only when it is listed (host with port).
      ...(microsoft ? {} : { knownAuthorities: [new URL(config.authority).host] }),
      redirectUri: config.redirectUri ?? `${origin}/redirect.html`,
      postLogoutRedirectUri: config.postLogoutRedirectUri ?? `${origin}/sign-in`,
    },
    // The auth cache lives as long as the browser session. MSAL 5 has no storeAuthStateInCookie; it keeps the request state
    // (verifier, nonce, return address) in sessionStorage, whatever the cache location.
    cache: { cacheLocation: BrowserCacheLocation.SessionStorage },
    system: {
      // In MSAL 5 the protocol mode lives here; under `auth` it is ignored.
      protocolMode: microsoft ? ProtocolMode.AAD : ProtocolMode.OIDC,
      ...(navigationClient ? { navigationClient } : {}),
      loggerOptions: { piiLoggingEnabled: false, logLevel: LogLevel.Warning, loggerCallback: logMsal },
    },
  };
}

/** MSAL's code in a chunk of its own, fetched when the page first needs it. */
const loadMsalChunk: LoadMsal = async (configuration) => {
  const { PublicClientApplication } = await import('./msal-client.ts');
  return new PublicClientApplication(configuration);
};

export interface CreateMsalOptions {
  readonly origin?: string;
  /**
   * Start on MSAL's cache entries when they hold the active account and a token MSAL would hand out, and load
   * MSAL's code once the page is idle: the app's pages. The sign-in page (`/`) needs MSAL at once.
   */
  readonly headStart?: boolean;
  /** How MSAL's code arrives: its own chunk by default. */
  readonly load?: LoadMsal;
}

/** The page's one MSAL instance for the tenant. */
export function createMsal(config: ValidTenantConfig, options: CreateMsalOptions = {}): DeferredMsal {
  const origin = options.origin ?? window.location.origin;
  const headStart = options.headStart
    ? readCachedSession(window.sessionStorage, config.clientId, loginScopes(config.scopes), Date.now() / 1000)
    : null;
  return createDeferredMsal({
    configuration: buildMsalConfiguration(config, origin),
    load: options.load ?? loadMsalChunk,
    headStart,
  });
}
