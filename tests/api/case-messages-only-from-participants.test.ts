// Who may still write on a case: a specialist writes only while its offer is active or once the case is its
// own; after declining, or losing the case to another specialist's accept, it keeps reading the case but
// is refused (403) when it posts a message.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Case } from '../../generated/types.gen.ts';
import { accessDetails } from '../../server/src/cases/access.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  ER_STAFF,
  NEURO_1,
  NEURO_2,
  NEURO_3,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  seedCasesDatabase,
  setOnCall,
} from './support/cases-app.ts';
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

  async function openCase(): Promise<Case> {
    const response = await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), {
      'idempotency-key': newKey(),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  }

  const write = (user: string, caseId: string, body: string) =>
    as(app, user).post(`/cases/${caseId}/messages`, { body });

  it('refuses a message from a specialist who declined, and takes one from the specialist now offered it', async () => {
    await setOnCall(app.db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 });
    const created = await openCase();
    expect((await write(NEURO_PRIMARY, created.id, 'Looking now')).status).toBe(201);
    const declined = await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/decline`, {
      reason: 'In clinic',
    });
    expect(declined.status).toBe(200);

    const refused = await write(NEURO_PRIMARY, created.id, 'One more thought');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: accessDetails.notInvolved });
    // Its history stays readable to it.
    expect((await as(app, NEURO_PRIMARY).get(`/cases/${created.id}`)).status).toBe(200);

    expect((await write(NEURO_1, created.id, 'Backup here, on my way')).status).toBe(201);
    expect((await write(DOCTOR, created.id, 'Thanks')).status).toBe(201);
    const messages = (await as(app, DOCTOR).get<Case>(`/cases/${created.id}`)).body.messages;
    expect(messages.map((message) => message.body)).toEqual([
      'Looking now',
      'Backup here, on my way',
      'Thanks',
    ]);
  });

  it('refuses a message from a specialist whose offer ended when another accepted; the assignee writes on', async () => {
    await setOnCall(app.db, 'spc_neurology', null);
    const created = await openCase();
    expect(created.offers.map((offer) => offer.specialist.id)).toContain(NEURO_3);
    expect((await as(app, NEURO_2).post(`/cases/${created.id}/accept`)).status).toBe(200);

    const superseded = await write(NEURO_3, created.id, 'I could take it too');
    expect(superseded.status).toBe(403);
    expect(superseded.body.detail).toBe(accessDetails.notInvolved);
    expect((await as(app, NEURO_3).get(`/cases/${created.id}`)).status).toBe(200);

    expect((await write(NEURO_2, created.id, 'Accepted, calling you')).status).toBe(201);
    expect((await write(ER_STAFF, created.id, 'Bed 4')).status).toBe(201);
  });
});
