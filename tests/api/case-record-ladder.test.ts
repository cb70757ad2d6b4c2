// The routing ladder read from the FHIR export: one Task per offer with its outcome. On a fake clock the
// primary lets the acknowledgement time run out (timed out), the backup declines with a reason, the case goes
// to every specialist when the backup's time is up, and one accepts (the others were not needed). The bundle passes both validators and
// every reference resolves inside it.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Case } from '../../generated/types.gen.ts';
import type { Clock } from '../../server/src/domain/escalation.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
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
import { bundleProblems, NO_PROBLEMS, type Bundle } from './support/fhir-checks.ts';

const MINUTE = 60_000;

forEachDatabase((_name, open) => {
  let app: FastifyInstance;
  let opened: Case;
  beforeAll(async () => {
    let now = Date.now();
    const clock: Clock = { now: () => new Date(now) };
    const db = await open();
    await seedCasesDatabase(db, clock.now());
    app = await buildCasesApp({ db, cases: { clock, worker: { tickMs: 3_600_000 } } });
    await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 }, clock.now());
    const created = await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), {
      'idempotency-key': newKey(),
    });
    expect(created.status).toBe(201);
    opened = created.body;
    // Emergent: 5 minutes to accept, then the backup.
    now += 6 * MINUTE;
    await app.cases.worker?.tick();
    const declined = await as(app, NEURO_1).post(`/cases/${opened.id}/decline`, {
      reason: 'In theatre for the next two hours',
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    // The primary may still accept, so the decline alone does not move the case: the backup's time does.
    now += 6 * MINUTE;
    await app.cases.worker?.tick();
    expect((await as(app, NEURO_3).post(`/cases/${opened.id}/accept`)).status).toBe(200);
  });
  afterAll(async () => {
    await app.close();
  });

  it('exports one Task per offer with its outcome, so the ladder reads from the bundle', async () => {
    const response = await as(app, DOCTOR).get<string>(`/cases/${opened.id}/fhir`);
    expect(response.status).toBe(200);
    const bundle = JSON.parse(response.raw.toString('utf8')) as Bundle;
    expect(bundleProblems(bundle)).toEqual(NO_PROBLEMS);
    const tasks = bundle.entry
      .map((entry) => entry.resource)
      .filter((resource) => resource.resourceType === 'Task');
    const ladder = Object.fromEntries(
      tasks.map((task) => {
        const owner = task['owner'] as { identifier: { value: string } };
        const outcome = task['businessStatus'] as { coding: { code: string }[] };
        const reason = task['statusReason'] as { text: string } | undefined;
        return [owner.identifier.value, [task['status'], outcome.coding[0]?.code, reason?.text ?? null]];
      }),
    );
    expect(ladder).toEqual({
      [NEURO_PRIMARY]: ['cancelled', 'timed-out', 'Not accepted in time: escalated to the backup specialist'],
      [NEURO_1]: ['rejected', 'declined', 'In theatre for the next two hours'],
      [NEURO_2]: ['cancelled', 'not-needed', null],
      [NEURO_3]: ['accepted', 'accepted', null],
    });
    // The request itself reads as what it is now: accepted by the last specialist asked.
    const request = bundle.entry.find((entry) => entry.resource.resourceType === 'ServiceRequest');
    expect(request?.resource).toMatchObject({
      status: 'active',
      performer: [{ identifier: { value: NEURO_3 } }],
    });
  });
});
