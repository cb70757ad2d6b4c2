import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL } from './support/app.ts';

const URL = '/api/v1/public/tenant-config';

describe('GET /api/v1/public/tenant-config', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('names the embedded provider and the API by default, never cached', async () => {
    app = await buildTestApp();

    const response = await app.inject({ method: 'GET', url: URL });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      authority: `${TEST_PUBLIC_URL}/oidc`,
      clientId: 'case-router-spa',
      redirectUri: `${TEST_PUBLIC_URL}/redirect.html`,
      postLogoutRedirectUri: `${TEST_PUBLIC_URL}/sign-in`,
      scopes: ['api://case-router/access'],
      apiBaseUrl: `${TEST_PUBLIC_URL}/api/v1`,
      apiMediaUrl: `${TEST_PUBLIC_URL}/api/v1/media`,
    });
  });

  it('carries an external authority and the settings given', async () => {
    app = await buildTestApp({
      env: {
        AUTH_AUTHORITY: 'https://login.microsoftonline.com/tenant-id/v2.0',
        AUTH_CLIENT_ID: '00000000-1111-2222-3333-444444444444',
        AUTH_SCOPES: 'api://case-router/access, api://case-router/admin',
        API_BASE_URL: 'https://api.example.org/api/v1/',
      },
    });

    const body = (await app.inject({ method: 'GET', url: URL })).json<Record<string, unknown>>();

    expect(body['authority']).toBe('https://login.microsoftonline.com/tenant-id/v2.0');
    expect(body['clientId']).toBe('00000000-1111-2222-3333-444444444444');
    expect(body['scopes']).toEqual(['api://case-router/access', 'api://case-router/admin']);
    expect(body['apiBaseUrl']).toBe('https://api.example.org/api/v1');
    expect(body['error']).toBeUndefined();
  });

  it('still answers 200 when misconfigured, naming every problem in error and message', async () => {
    app = await buildTestApp({ env: { AUTH_AUTHORITY: 'http://login.example.org', AUTH_CLIENT_ID: '' } });

    const response = await app.inject({ method: 'GET', url: URL });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['error', 'message']);
    expect(body['error']).toBe('configuration_error');
    expect(body['message']).toContain('AUTH_AUTHORITY: must be an https URL');
    expect(body['message']).toContain('AUTH_CLIENT_ID: must not be empty');
  });

  it('starts with the embedded provider misconfigured, and names the problem', async () => {
    app = await buildTestApp({ env: { AUTH_CLIENT_ID: '', AUTH_SCOPES: ',' } });

    const response = await app.inject({ method: 'GET', url: URL });

    expect(response.json()).toEqual({
      error: 'configuration_error',
      message: 'AUTH_CLIENT_ID: must not be empty; AUTH_SCOPES: must name at least one scope',
    });
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });
});
