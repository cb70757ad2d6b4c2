// The same Idempotency-Key is a retry only with the same body: with another body it answers 422 with a
// detail instead of quietly returning the first case (the second would never have been opened).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/src/db/database.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Case } from '../../generated/types.gen.ts';
import { IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_TTL_MS } from '../../server/src/cases/case-commands.ts';
import { as, buildCasesApp, DOCTOR, neurologyCase, newKey, seedCasesDatabase } from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

forEachDatabase((_name, open) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const db = await open();
    await seedCasesDatabase(db);
    app = await buildCasesApp({ db });
  });
  afterAll(async () => {
    await app.close();
  });

  it('a retry with the same body answers the first case; another body is a 422', async () => {
    const key = newKey();
    const body = neurologyCase();
    const first = await as(app, DOCTOR).post<Case>('/cases', body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const retried = await as(app, DOCTOR).post<Case>('/cases', body, { 'idempotency-key': key });
    expect(retried.status).toBe(200);
    expect(retried.body.id).toBe(first.body.id);
    const other = await as(app, DOCTOR).post(
      '/cases',
      { ...body, chiefComplaint: 'Chest pain at rest' },
      {
        'idempotency-key': key,
      },
    );
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ detail: IDEMPOTENCY_KEY_REUSED });
  });
});

forEachDatabase((_name, open) => {
  let app: FastifyInstance;
  let db: Database;
  beforeAll(async () => {
    db = await open();
    await seedCasesDatabase(db);
    app = await buildCasesApp({ db });
  });
  afterAll(async () => {
    await app.close();
  });

  const openedAgo = (caseId: string, ms: number) =>
    db.query('update cases set created_at = $2 where id = $1', [
      caseId,
      new Date(Date.now() - ms).toISOString(),
    ]);

  it('a key is a retry for 24 hours; after that the same key opens a new case', async () => {
    expect(IDEMPOTENCY_KEY_TTL_MS).toBe(24 * 60 * 60 * 1000);
    const key = newKey();
    const body = neurologyCase();
    const first = await as(app, DOCTOR).post<Case>('/cases', body, { 'idempotency-key': key });
    expect(first.status).toBe(201);

    await openedAgo(first.body.id, IDEMPOTENCY_KEY_TTL_MS - 60_000);
    const retried = await as(app, DOCTOR).post<Case>('/cases', body, { 'idempotency-key': key });
    expect(retried.status).toBe(200);
    expect(retried.body.id).toBe(first.body.id);

    await openedAgo(first.body.id, IDEMPOTENCY_KEY_TTL_MS + 60_000);
    const later = await as(app, DOCTOR).post<Case>('/cases', body, { 'idempotency-key': key });
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    // The new case holds the key now: a retry of it answers it.
    const again = await as(app, DOCTOR).post<Case>('/cases', body, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(later.body.id);
  });
});
