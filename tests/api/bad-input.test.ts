// Bad input that once answered 500 or Node's own body: a NUL character anywhere (PostgreSQL refuses it in
// text), a keyset cursor this server never gave out, headers too large. Each answers 4xx with a detail.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case } from '../../generated/types.gen.ts';
import { as, buildCasesApp, DOCTOR, neurologyCase, newKey, seedCasesDatabase } from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

const NUL = '\u0000';
const cursorOf = (text: string): string => Buffer.from(text).toString('base64url');

forEachDatabase((_name, open) => {
  let app: FastifyInstance;
  let caseId: string;
  beforeAll(async () => {
    const db = await open();
    await seedCasesDatabase(db);
    app = await buildCasesApp({ db });
    caseId = (await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() }))
      .body.id;
  });
  afterAll(async () => {
    await app.close();
  });

  describe('a NUL character is a 400 naming where it is', () => {
    it('in a query string', async () => {
      const answer = await as(app, DOCTOR).get(`/cases?q=chest${encodeURIComponent(NUL)}pain`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        detail: [{ loc: ['query', 'q'], msg: 'must not contain the NUL character' }],
      });
    });

    it('in a path parameter', async () => {
      const answer = await as(app, DOCTOR).get(`/cases/${encodeURIComponent(`cas_${NUL}`)}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        detail: [{ loc: ['path', 'caseId'], msg: 'must not contain the NUL character' }],
      });
    });

    it('in a body string, however deep', async () => {
      const answer = await as(app, DOCTOR).post(
        '/cases',
        neurologyCase({ patient: { age: 67, sex: 'female', mrn: `MRN${NUL}1` } }),
        { 'idempotency-key': newKey() },
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        detail: [{ loc: ['body', 'patient', 'mrn'], msg: 'must not contain the NUL character' }],
      });
    });

    it('in a message to a case', async () => {
      const answer = await as(app, DOCTOR).post(`/cases/${caseId}/messages`, { body: `Seen${NUL}` });
      expect(answer.status).toBe(400);
    });
  });

  describe('a cursor this server never gave out is a 400 on the cursor field', () => {
    for (const [what, text] of [
      ['a number for a time', '1|x'],
      ['a time with no id', '2026-01-01T00:00:00.000Z|'],
      ['an id with a quote', "2026-01-01T00:00:00.000Z|cas_1'"],
      ['a year out of range', '99999-01-01T00:00:00.000Z|cas_1'],
    ] as const) {
      it(`${what}, on cases and on notifications`, async () => {
        for (const path of ['/cases', '/notifications']) {
          const answer = await as(app, DOCTOR).get(`${path}?cursor=${cursorOf(text)}`);
          expect(answer.status).toBe(400);
          expect(answer.body).toEqual({
            detail: [{ loc: ['query', 'cursor'], msg: 'is not a cursor this server gave out' }],
          });
        }
      });
    }
  });
});

describe('requests Node refuses before routing answer with a detail', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    const { openTestPglite } = await import('./support/databases.ts');
    const db = await openTestPglite();
    await seedCasesDatabase(db, new Date(), false);
    app = await buildCasesApp({ db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
  });

  it('headers too large: 431 with a detail', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, path: '/api/v1/me', headers: { 'x-filler': 'x'.repeat(64 * 1024) } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () => {
            resolve({ status: response.statusCode ?? 0, body: text });
          });
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(431);
    expect(JSON.parse(body)).toEqual({ detail: 'The request headers are too large' });
  });
});
