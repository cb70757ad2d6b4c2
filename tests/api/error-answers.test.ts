import { Writable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { generateKeyPair, SignJWT } from 'jose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { HttpError, INTERNAL_ERROR, NOT_FOUND } from '../../server/src/errors.ts';
import { seedDemoOrganisation } from '../../server/src/demo/organisation.ts';
import { seedDemoUsers } from '../../server/src/demo/users.ts';
import { buildTestApp, testEnv } from './support/app.ts';
import { HOSPITAL_ADMIN, tokenFor } from './support/cases-app.ts';
import { openTestPglite } from './support/databases.ts';

const SIGNUP = '/api/v1/auth/signup';
const validSignup = {
  email: 'new.doctor@demo.test',
  password: 'Temporary-Passw0rd',
  role: 'er_doctor',
  display_name: 'Ada Lovelace',
  contact_info: { fname: 'Ada', lname: 'Lovelace', phone: null, company_name: null },
  specialty_types: [],
  force_change_password_next_sign_in: true,
};

function expectDetail(body: unknown): void {
  expect(body).toEqual({ detail: expect.anything() as unknown });
  const { detail } = body as { detail: unknown };
  expect(typeof detail === 'string' ? detail.length : (detail as unknown[]).length).toBeGreaterThan(0);
}

describe('every invalid request is a 4xx with a detail', () => {
  let app: FastifyInstance;
  // Signing up users is an admin's: the token is checked before the body is read.
  let bearer: string;
  beforeAll(async () => {
    app = await buildTestApp();
    await seedDemoUsers(app.db, {
      password: 'Demo-password-2026',
      organisation: await seedDemoOrganisation(app.db),
    });
    bearer = `Bearer ${await tokenFor(app, HOSPITAL_ADMIN)}`;
  });
  afterAll(async () => {
    await app.close();
  });

  it('bad JSON is a 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: SIGNUP,
      headers: { authorization: bearer, 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The body is not valid JSON' });
  });

  it('an empty JSON body is a 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: SIGNUP,
      headers: { authorization: bearer, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expectDetail(response.json());
  });

  it('no body where one is required is a 400', async () => {
    const response = await app.inject({ method: 'POST', url: SIGNUP, headers: { authorization: bearer } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'A request body is required' });
  });

  it('a wrong type is a 400 naming the field, never coerced', async () => {
    const response = await app.inject({
      method: 'POST',
      url: SIGNUP,
      headers: { authorization: bearer },
      payload: { ...validSignup, display_name: 12345 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: [{ loc: ['body', 'display_name'], msg: 'must be string' }] });
  });

  it('a missing field and a bad format are reported together, each with its location', async () => {
    const { password: _password, ...withoutPassword } = validSignup;
    const response = await app.inject({
      method: 'POST',
      url: SIGNUP,
      headers: { authorization: bearer },
      payload: {
        ...withoutPassword,
        email: 'not-an-email',
        contact_info: { ...validSignup.contact_info, fname: 7 },
      },
    });
    expect(response.statusCode).toBe(400);
    const { detail } = response.json<{ detail: { loc: unknown[]; msg: string }[] }>();
    expect(detail.map((problem) => problem.loc)).toEqual(
      expect.arrayContaining([
        ['body', 'password'],
        ['body', 'email'],
        ['body', 'contact_info', 'fname'],
      ]),
    );
    expect(detail.find((problem) => problem.loc[1] === 'password')?.msg).toBe('is required');
  });

  it('an unknown field is rejected, not silently dropped', async () => {
    const response = await app.inject({
      method: 'POST',
      url: SIGNUP,
      headers: { authorization: bearer },
      payload: { ...validSignup, is_admin: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: [{ loc: ['body', 'is_admin'], msg: 'is not an accepted field' }],
    });
  });

  it('a content type the operation does not accept is a 415', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await app.inject({
        method: 'POST',
        url: SIGNUP,
        headers: { authorization: bearer, 'content-type': contentType },
        payload: 'email=a@b.c',
      });
      expect(response.statusCode, contentType).toBe(415);
      expectDetail(response.json());
    }
  });

  it('a body over 1 MB is a 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: SIGNUP,
      headers: { authorization: bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...validSignup, display_name: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'The body is too large' });
  });

  it('an unknown API path is a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/v1/no-such-thing?x=1' });
      expect(response.statusCode, method).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ detail: NOT_FOUND });
    }
  });

  it('a known API path with another method is a 405 naming the allowed methods', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/v1/health' });
    expect(response.statusCode).toBe(405);
    expect(response.headers['allow']).toContain('GET');
    expectDetail(response.json());
  });

  it('a secured operation without a token is a 401 with a detail, not a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/specialties' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Authentication required' });
  });

  it('a secured operation with a forged token is a 401 with a detail', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/specialties',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(response.statusCode).toBe(401);
    expectDetail(response.json());
  });

  it('a database failing during authentication is a 500, not a 401 that would sign the caller out', async () => {
    const failing = await buildTestApp();
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'unknown-key' })
      .setSubject('usr_someone')
      .sign(privateKey);
    await failing.db.close();

    const response = await failing.inject({
      method: 'GET',
      url: '/api/v1/specialties',
      headers: { authorization: `Bearer ${token}` },
    });
    await failing.close();

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: INTERNAL_ERROR });
  });

  it('an unknown non-API path with another method than GET is a JSON 404', async () => {
    const response = await app.inject({ method: 'POST', url: '/somewhere', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: NOT_FOUND });
  });
});

describe('errors thrown by handlers', () => {
  let app: FastifyInstance;
  let dataDir: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'case-router-errors-'));
    const db = await openTestPglite();
    await migrate(db);
    const logger = pino(
      { level: 'error' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    );
    app = await buildApp({ config: loadConfig(testEnv(dataDir)), db, logger });
    app.addHook('onClose', () => db.close());
    app.get('/api/v1/test/crash', () =>
      Promise.reject(new Error('connection to 10.0.0.7:5432 refused; password=hunter2')),
    );
    app.get('/api/v1/test/conflict', () =>
      Promise.reject(new HttpError(409, 'This case was already accepted')),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('an unexpected error is a 500 that tells nothing of the internals, and is logged', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/test/crash' });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: INTERNAL_ERROR });
    expect(response.body).not.toContain('10.0.0.7');
    expect(response.body).not.toContain('stack');
    expect(logLines.join('\n')).toContain('connection to 10.0.0.7:5432 refused');
  });

  it('an HttpError leaves with its status and detail', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/test/conflict' });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'This case was already accepted' });
  });
});
