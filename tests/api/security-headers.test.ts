import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './support/app.ts';

function directives(policy: unknown): Map<string, string[]> {
  expect(typeof policy).toBe('string');
  return new Map(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ env: { AUTH_AUTHORITY: 'https://login.example.org/tenant/v2.0' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends a CSP without inline scripts, framing refused, nosniff and HSTS', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });

    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('lets the SPA talk to and frame an external sign-in authority', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });

    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('connect-src')).toContain('https://login.example.org');
    expect(csp.get('frame-src')).toContain('https://login.example.org');
  });

  it('lets only this origin frame the MSAL redirect bridge (silent renewal)', async () => {
    const response = await app.inject({ method: 'GET', url: '/redirect.html' });

    expect(directives(response.headers['content-security-policy']).get('frame-ancestors')).toEqual([
      "'self'",
    ]);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends the headers on error answers too', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/nowhere' });

    expect(response.statusCode).toBe(404);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
