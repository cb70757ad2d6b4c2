import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { texts } from '../../src/config/texts.ts';
import { configureApi, installApiLayer } from '../../src/lib/api/index.ts';
import {
  INVALID_AUTHORITY,
  loadTenantConfig,
  MISSING_CLIENT_ID,
  TenantConfigError,
  validateTenantConfig,
} from '../../src/lib/auth/tenant-config.ts';
import { createTestServer, UNHANDLED_IS_ERROR } from '../support/msw-server.ts';

const CONFIG_URL = 'https://app.test/api/v1/public/tenant-config';
const valid = {
  authority: 'https://app.test/oidc',
  clientId: 'case-router-spa',
  scopes: ['api://case-router/access'],
  apiBaseUrl: 'https://app.test/api/v1',
};

describe('tenant config validation', () => {
  it('accepts a config with a string authority and a clientId', () => {
    expect(validateTenantConfig(valid)).toEqual(valid);
  });

  it.each([
    [
      'an error field',
      { error: 'configuration_error', message: 'AUTH_CLIENT_ID: Required' },
      `${texts.backendConfigurationError}AUTH_CLIENT_ID: Required`,
    ],
    [
      'an error field without a message',
      { ...valid, error: 'configuration_error' },
      `${texts.backendConfigurationError}configuration_error`,
    ],
    ['a missing authority', { clientId: 'spa' }, INVALID_AUTHORITY],
    ['a numeric authority', { authority: 42, clientId: 'spa' }, INVALID_AUTHORITY],
    ['a missing clientId', { authority: valid.authority }, MISSING_CLIENT_ID],
    ['an empty clientId', { authority: valid.authority, clientId: '' }, MISSING_CLIENT_ID],
    ['a text answer', '<html>', `${texts.tenantConfigFetchFailed}the answer is not a JSON object`],
  ])('refuses %s', (_, raw, message) => {
    expect(() => validateTenantConfig(raw)).toThrow(new TenantConfigError(message));
  });
});

describe('loading the tenant config', () => {
  const server = createTestServer();
  beforeAll(() => {
    server.listen(UNHANDLED_IS_ERROR);
    installApiLayer();
    configureApi({
      baseUrl: 'https://app.test/api/v1',
      session: {
        getToken: () => Promise.resolve(null),
        hasAccount: () => false,
        storedToken: () => null,
        clearStoredToken: () => undefined,
        redirectToLogin: () => undefined,
      },
    });
  });
  afterEach(() => {
    server.resetHandlers();
  });
  afterAll(() => {
    server.close();
  });

  it('fetches it without the HTTP cache', async () => {
    server.use(http.get(CONFIG_URL, () => HttpResponse.json(valid)));
    // MSW rebuilds the request it hands to handlers without its cache mode: look at what fetch was given.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');

    await expect(loadTenantConfig()).resolves.toEqual(valid);

    const sent = fetchSpy.mock.calls[0]?.[0];
    expect(sent).toBeInstanceOf(Request);
    expect((sent as Request).cache).toBe('no-store');
    fetchSpy.mockRestore();
  });

  it('names our validation problem rather than the generated validator', async () => {
    server.use(http.get(CONFIG_URL, () => HttpResponse.json({ authority: 7, clientId: 'spa' })));
    await expect(loadTenantConfig()).rejects.toThrow(INVALID_AUTHORITY);
  });

  it('reports a failed fetch', async () => {
    server.use(
      http.get(CONFIG_URL, () => new HttpResponse('Bad Gateway', { status: 502, statusText: 'Bad Gateway' })),
    );
    await expect(loadTenantConfig()).rejects.toThrow(`${texts.tenantConfigFetchFailed}502 Bad Gateway`);
  });

  it('reports a network failure', async () => {
    server.use(http.get(CONFIG_URL, () => HttpResponse.error()));
    const error = await loadTenantConfig().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TenantConfigError);
    expect((error as Error).message.startsWith(texts.tenantConfigFetchFailed)).toBe(true);
  });
});
