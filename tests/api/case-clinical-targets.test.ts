// Each case carries the time a specialist should have accepted it by: the hospital's clinical target for its
// specialty and urgency (the demo: stroke, Neurology emergent, 15 minutes), else the urgency's acknowledgement
// time; fixed when the case opens, so changing a target later rewrites no case.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Case } from '../../generated/types.gen.ts';
import type { Database } from '../../server/src/db/database.ts';
import { upsertClinicalTarget } from '../../server/src/organisation/organisation-repository.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  SGH,
  seedCasesDatabase,
  setOnCall,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

const MINUTE = 60_000;

forEachDatabase((_name, open) => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await open();
    await seedCasesDatabase(db);
    app = await buildCasesApp({ db });
    await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: null });
  });
  afterAll(async () => {
    await app.close();
  });

  async function openCase(urgency: Case['urgency']): Promise<Case> {
    const response = await as(app, DOCTOR).post<Case>('/cases', neurologyCase({ urgency }), {
      'idempotency-key': newKey(),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  }

  const targetMinutes = (opened: Case) =>
    (Date.parse(opened.targetDueAt) - Date.parse(opened.createdAt)) / MINUTE;

  it("uses the hospital's clinical target of the specialty and urgency (stroke: 15 minutes)", async () => {
    const stroke = await openCase('emergent');
    expect(targetMinutes(stroke)).toBe(15);
    // The escalation clock is a different thing: the acknowledgement time of the urgency.
    expect((Date.parse(stroke.ackDueAt ?? '') - Date.parse(stroke.createdAt)) / MINUTE).toBe(5);
  });

  it("falls back to the urgency's acknowledgement time where the hospital set no target", async () => {
    expect(targetMinutes(await openCase('routine'))).toBe(60);
    expect(targetMinutes(await openCase('urgent'))).toBe(15);
  });

  it('keeps the target a case was opened under when the target changes, and lists it', async () => {
    const before = await openCase('emergent');
    await upsertClinicalTarget(db, {
      hospitalId: SGH,
      specialtyId: 'spc_neurology',
      urgency: 'emergent',
      acceptWithinSeconds: 10 * 60,
    });
    const after = await openCase('emergent');
    expect(targetMinutes(after)).toBe(10);
    const reread = await as(app, DOCTOR).get<Case>(`/cases/${before.id}`);
    expect(reread.body.targetDueAt).toBe(before.targetDueAt);
    const list = await as(app, DOCTOR).get<{ items: Case[] }>('/cases?limit=100');
    const listed = list.body.items.find((item) => item.id === before.id);
    expect(listed?.targetDueAt).toBe(before.targetDueAt);
  });
});
