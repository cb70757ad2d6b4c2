// Reassigning a waiting case from the ER's board: the ER admin takes it from the specialists who hold its
// offers and offers it to a colleague of the same specialty, who is alerted at once; the acknowledgement time
// starts again. Only the ER admin of the case's hospital may; only an active specialist of the specialty can
// take it; a case nobody waits on answers 409. Every database.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEventList, Case, NotificationList } from '../../generated/types.gen.ts';
import { DEFAULT_ACK_MINUTES } from '../../server/src/domain/escalation.ts';
import {
  as,
  buildCasesApp,
  CARDIO_1,
  DOCTOR,
  ER_ADMIN,
  ER_STAFF,
  NEURO_1,
  NEURO_2,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  seedCasesDatabase,
  setOnCall,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

forEachDatabase((_name, open) => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  async function start() {
    const db = await open();
    await seedCasesDatabase(db);
    const app = await buildCasesApp({ db, cases: { worker: { tickMs: 3_600_000 } } });
    apps.push(app);
    await setOnCall(app.db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 });
    const created = (
      await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
    ).body;
    return { app, created };
  }

  // Each test opens its own database and app: on a busy machine that alone takes a while.
  describe('reassigning a waiting case', { timeout: 120_000 }, () => {
    it('moves the offer to the chosen specialist, alerts them, and restarts the acknowledgement time', async () => {
      const { app, created } = await start();
      const moved = await as(app, ER_ADMIN).post<Case>(`/cases/${created.id}/reassign`, {
        specialistId: NEURO_2,
      });
      expect(moved.status).toBe(200);
      expect(moved.body.offeredTo.map((offer) => offer.specialist.id)).toEqual([NEURO_2]);
      expect(moved.body.status).toBe('pending');
      expect(moved.body.routingStep).toBe('primary');
      const left = Date.parse(moved.body.ackDueAt ?? '') - Date.now();
      expect(left).toBeGreaterThan(DEFAULT_ACK_MINUTES.emergent * 60_000 - 60_000);
      expect(moved.body.timeline.at(-1)).toMatchObject({
        kind: 'offered',
        actor: { id: ER_ADMIN },
        data: { specialistIds: [NEURO_2] },
      });
      const inbox = (await as(app, NEURO_2).get<NotificationList>('/notifications?limit=100')).body.items;
      expect(inbox.some((n) => n.kind === 'case_offered' && n.caseId === created.id)).toBe(true);
      // The specialist who held it no longer may accept it.
      expect((await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/accept`)).status).toBe(403);
      expect((await as(app, NEURO_2).post(`/cases/${created.id}/accept`)).status).toBe(200);

      const trail = await as(app, ER_ADMIN).get<AuditEventList>(`/cases/${created.id}/audit?limit=100`);
      expect(trail.body.items.map((event) => [event.user?.id, event.action])).toContainEqual([
        ER_ADMIN,
        'case.reassign',
      ]);
    });

    it('refuses a specialist of another specialty, and everyone but the ER admin', async () => {
      const { app, created } = await start();
      const wrong = await as(app, ER_ADMIN).post(`/cases/${created.id}/reassign`, { specialistId: CARDIO_1 });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({
        detail: [
          {
            loc: ['body', 'specialistId'],
            msg: 'is not an active specialist of this case’s specialty at its hospital',
          },
        ],
      });
      for (const user of [ER_STAFF, DOCTOR, NEURO_PRIMARY]) {
        const refused = await as(app, user).post(`/cases/${created.id}/reassign`, { specialistId: NEURO_2 });
        expect(refused.status, user).toBe(403);
        expect(refused.body).toEqual({
          detail: 'Only the emergency room admin of this case may reassign it',
        });
      }
      expect((await as(app, ER_ADMIN).post(`/cases/${created.id}/reassign`, {})).status).toBe(400);
    });

    it('answers 409 once the case is accepted', async () => {
      const { app, created } = await start();
      expect((await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/accept`)).status).toBe(200);
      const refused = await as(app, ER_ADMIN).post(`/cases/${created.id}/reassign`, {
        specialistId: NEURO_2,
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ detail: 'Only a case waiting for a specialist can be reassigned' });
    });
  });
});
