// The MSAL configuration for a tenant: OIDC mode for our own provider, AAD mode for Microsoft Entra ID.
import {
  BrowserCacheLocation,
  type Configuration,
  type INavigationClient,
  type IPublicClientApplication,
  LogLevel,
  ProtocolMode,
  PublicClientApplication,
} from '@azure/msal-browser';
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

/** The page's one MSAL instance for the tenant. */
export function createMsal(
  config: ValidTenantConfig,
  origin: string = window.location.origin,
): IPublicClientApplication {
  return new PublicClientApplication(buildMsalConfiguration(config, origin));
}
