// Re-paging a waiting case from the ER's board: the emergency room alerts the specialists it is offered to
// again now, through the timed re-alert's path (a case_realerted notification, which also goes by push), and the re-alert interval
// starts again. A second re-page within 30 s sends nothing and answers 409 saying when to try again; only the case's emergency room may re-page; a
// case nobody waits on answers 409. On a fake clock, every database.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEventList, Case, NotificationList } from '../../generated/types.gen.ts';
import type { Clock } from '../../server/src/domain/escalation.ts';
import {
  as,
  buildCasesApp,
  CARDIO_1,
  DOCTOR,
  ER_ADMIN,
  ER_STAFF,
  HOSPITAL_ADMIN,
  NEURO_1,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  OTHER_DOCTOR,
  RVG_DOCTOR,
  seedCasesDatabase,
  setOnCall,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

function fakeClock(start = Date.now()): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
  };
}

forEachDatabase((_name, open) => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  async function start() {
    const clock = fakeClock();
    const db = await open();
    await seedCasesDatabase(db, clock.now());
    const app = await buildCasesApp({ db, cases: { clock, worker: { tickMs: 3_600_000 } } });
    apps.push(app);
    await setOnCall(app.db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 }, clock.now());
    const created = (
      await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
    ).body;
    return { app, clock, created };
  }

  async function tick(app: FastifyInstance): Promise<void> {
    const { worker } = app.cases;
    if (!worker) throw new Error('no worker');
    await worker.tick();
  }

  const caseOf = async (app: FastifyInstance, id: string) =>
    (await as(app, DOCTOR).get<Case>(`/cases/${id}`)).body;

  async function realertsOf(app: FastifyInstance, user: string, caseId: string): Promise<number> {
    const list = (await as(app, user).get<NotificationList>('/notifications?limit=100')).body.items;
    return list.filter((n) => n.kind === 'case_realerted' && n.caseId === caseId).length;
  }

  // Each test opens its own database and app: on a busy machine that alone takes a while.
  describe('re-paging a waiting case', { timeout: 120_000 }, () => {
    it('alerts the offered specialist again now, once within 30 s, and restarts the re-alert interval', async () => {
      const { app, clock, created } = await start();
      clock.advance(40 * SECOND);

      const repaged = await as(app, ER_STAFF).post<Case>(`/cases/${created.id}/repage`);
      expect(repaged.status).toBe(200);
      expect(repaged.body.offers[0]).toMatchObject({ specialist: { id: NEURO_PRIMARY }, alertCount: 2 });
      expect(repaged.body.timeline.at(-1)).toMatchObject({
        kind: 'realerted',
        actor: { id: ER_STAFF },
        data: { specialistIds: [NEURO_PRIMARY] },
      });
      expect(await realertsOf(app, NEURO_PRIMARY, created.id)).toBe(1);

      // A second press, 10 s later: nothing is sent again, and the answer says so and when to try again.
      clock.advance(10 * SECOND);
      const again = await as(app, ER_ADMIN).post(`/cases/${created.id}/repage`);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ detail: 'The specialists were alerted 10 s ago; re-page again in 20 s.' });
      expect((await caseOf(app, created.id)).offers[0]?.alertCount).toBe(2);
      expect(await realertsOf(app, NEURO_PRIMARY, created.id)).toBe(1);

      // The timed re-alert counts from the re-page: not at 2:00 after opening, but 2:00 after the re-page.
      clock.advance(80 * SECOND); // 2:10 after opening, 1:30 after the re-page
      await tick(app);
      expect((await caseOf(app, created.id)).offers[0]?.alertCount).toBe(2);
      clock.advance(31 * SECOND); // 2:01 after the re-page
      await tick(app);
      expect((await caseOf(app, created.id)).offers[0]?.alertCount).toBe(3);

      const trail = await as(app, ER_ADMIN).get<AuditEventList>(`/cases/${created.id}/audit?limit=100`);
      const actions = trail.body.items.map((event) => [event.user?.id, event.action]);
      expect(actions).toContainEqual([ER_STAFF, 'case.repage']);
      expect(actions).not.toContainEqual([ER_ADMIN, 'case.repage']);
    });

    it('lets the doctor who opened the case re-page it, and refuses everyone else', async () => {
      const { app, clock, created } = await start();
      clock.advance(MINUTE);
      expect((await as(app, DOCTOR).post(`/cases/${created.id}/repage`)).status).toBe(200);

      const specialist = await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/repage`);
      expect(specialist.status).toBe(403);
      expect(specialist.body).toMatchObject({ detail: expect.stringContaining('emergency room') as string });
      for (const [user, status] of [
        [CARDIO_1, 404],
        [OTHER_DOCTOR, 404],
        [HOSPITAL_ADMIN, 404],
        [RVG_DOCTOR, 404],
      ] as const) {
        const refused = await as(app, user).post(`/cases/${created.id}/repage`);
        expect(refused.status, user).toBe(status);
        expect(refused.body).toHaveProperty('detail');
      }
      expect((await as(app, ER_STAFF).post('/cases/cas_missing/repage')).status).toBe(404);
    });

    it('answers 409 once the case is accepted, and sends nothing', async () => {
      const { app, clock, created } = await start();
      clock.advance(MINUTE);
      expect((await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/accept`)).status).toBe(200);
      const refused = await as(app, ER_STAFF).post(`/cases/${created.id}/repage`);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ detail: 'Only a case waiting for a specialist can be re-paged' });
      expect(await realertsOf(app, NEURO_PRIMARY, created.id)).toBe(0);
    });
  });
});
