// The audited address is the connection's own unless it comes from a configured proxy: a client's own
// X-Forwarded-For no longer chooses the address the audit trail records.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventList, Case } from '../../generated/types.gen.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  ER_ADMIN,
  neurologyCase,
  newKey,
  seedCasesDatabase,
  tokenFor,
} from './support/cases-app.ts';
import { openTestPglite } from './support/databases.ts';

describe('trusted proxies', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const db = await openTestPglite();
    await seedCasesDatabase(db);
    app = await buildCasesApp({ db, env: { TLS: 'off', TRUSTED_PROXIES: '10.0.0.5' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('believe X-Forwarded-For only from the proxies configured', async () => {
    const created = (
      await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
    ).body;
    const read = async (remoteAddress: string) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/cases/${created.id}`,
        remoteAddress,
        headers: {
          authorization: `Bearer ${await tokenFor(app, DOCTOR)}`,
          'x-forwarded-for': '203.0.113.66',
        },
      });
    expect((await read('192.0.2.44')).statusCode).toBe(200);
    expect((await read('10.0.0.5')).statusCode).toBe(200);

    const trail = await as(app, ER_ADMIN).get<AuditEventList>(`/cases/${created.id}/audit`);
    const reads = trail.body.items
      .filter((event) => event.action === 'case.read')
      .map((event) => event.address);
    // A stranger claiming an address is recorded as itself; the proxy's word is taken.
    expect(reads).toEqual(['203.0.113.66', '192.0.2.44']);
  });
});
