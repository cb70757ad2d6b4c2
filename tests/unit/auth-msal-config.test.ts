import { BrowserCacheLocation, LogLevel, ProtocolMode } from '@azure/msal-browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMsalConfiguration, isMicrosoftAuthority } from '../../src/lib/auth/msal-config.ts';

const ORIGIN = 'https://app.test';

describe('the MSAL configuration from the tenant config', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('uses OIDC mode and lists the host (with port) of our own provider', () => {
    const config = buildMsalConfiguration(
      {
        authority: 'https://localhost:8443/oidc',
        clientId: 'case-router-spa',
        redirectUri: 'https://localhost:8443/redirect.html',
        postLogoutRedirectUri: 'https://localhost:8443/sign-in',
      },
      ORIGIN,
    );

    expect(config.auth).toEqual({
      clientId: 'case-router-spa',
      authority: 'https://localhost:8443/oidc',
      knownAuthorities: ['localhost:8443'],
      redirectUri: 'https://localhost:8443/redirect.html',
      postLogoutRedirectUri: 'https://localhost:8443/sign-in',
    });
    // MSAL 5 reads the protocol mode under `system` only.
    expect(config.system?.protocolMode).toBe(ProtocolMode.OIDC);
    expect(config.auth).not.toHaveProperty('protocolMode');
  });

  it('uses AAD mode for a Microsoft authority, without knownAuthorities', () => {
    const config = buildMsalConfiguration(
      { authority: 'https://login.microsoftonline.com/tenant-id', clientId: 'spa' },
      ORIGIN,
    );

    expect(config.system?.protocolMode).toBe(ProtocolMode.AAD);
    expect(config.auth.knownAuthorities).toBeUndefined();
    expect(isMicrosoftAuthority('https://LOGIN.microsoftonline.com/x')).toBe(true);
    expect(isMicrosoftAuthority('https://login.microsoftonline.com.evil.test/x')).toBe(false);
  });

  it('defaults the redirect page to redirect.html and the post-logout page to sign-in', () => {
    const config = buildMsalConfiguration({ authority: 'https://idp.test', clientId: 'spa' }, ORIGIN);

    expect(config.auth.redirectUri).toBe('https://app.test/redirect.html');
    expect(config.auth.postLogoutRedirectUri).toBe('https://app.test/sign-in');
  });

  it('keeps the cache at session level', () => {
    const config = buildMsalConfiguration({ authority: 'https://idp.test', clientId: 'spa' }, ORIGIN);
    expect(config.cache?.cacheLocation).toBe(BrowserCacheLocation.SessionStorage);
  });

  it('never logs personal data', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { loggerOptions } = buildMsalConfiguration(
      { authority: 'https://idp.test', clientId: 'spa' },
      ORIGIN,
    ).system ?? { loggerOptions: undefined };

    expect(loggerOptions?.piiLoggingEnabled).toBe(false);
    loggerOptions?.loggerCallback?.(LogLevel.Error, 'user jane@demo.test failed', true);
    loggerOptions?.loggerCallback?.(LogLevel.Warning, 'network slow', false);
    loggerOptions?.loggerCallback?.(LogLevel.Error, 'token endpoint failed', false);

    expect(warn).toHaveBeenCalledWith('network slow');
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('token endpoint failed');
  });
});
