// Reassigning a waiting case from the ER's board: the ER admin takes it from the specialists who hold its
// offers and offers it to a colleague of the same specialty, who is alerted at once; the acknowledgement time
// starts again. Only the ER admin of the case's hospital may; only an active specialist of the specialty at
// the case's hospital who has not declined it can take it; a case nobody waits on answers 409. A specialist
// offered the case before is offered it afresh: no stale receipts, and the SMS fallback goes if this alert is
// not received. Every database.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
  RVG_NEURO_1,
  seedCasesDatabase,
  setOnCall,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';
import { fakeClock, turnSmsOn } from './support/sms-calls.ts';
import { LocalTwilio } from './support/twilio-server.ts';

const notEligible = {
  detail: [
    {
      loc: ['body', 'specialistId'],
      msg: 'is not an active specialist of this case’s specialty at its hospital',
    },
  ],
};

forEachDatabase((_name, open) => {
  const twilio = new LocalTwilio();
  const apps: FastifyInstance[] = [];
  beforeAll(() => twilio.start());
  afterAll(() => twilio.stop());
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    expect(twilio.problems).toEqual([]);
    twilio.reset();
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

    it('refuses a specialist of another hospital, an inactive one, and one who declined the case', async () => {
      const { app, created } = await start();
      const reassign = (specialistId: string) =>
        as(app, ER_ADMIN).post(`/cases/${created.id}/reassign`, { specialistId });

      const elsewhere = await reassign(RVG_NEURO_1);
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body).toEqual(notEligible);

      await app.db.query('update users set active = false where id = $1', [NEURO_2]);
      const inactive = await reassign(NEURO_2);
      expect(inactive.status).toBe(400);
      expect(inactive.body).toEqual(notEligible);

      const declined = await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/decline`, {
        reason: 'In theatre for the next two hours',
      });
      expect(declined.status).toBe(200);
      const again = await reassign(NEURO_PRIMARY);
      expect(again.status).toBe(400);
      expect(again.body).toEqual({
        detail: [
          { loc: ['body', 'specialistId'], msg: 'declined this case already: choose another specialist' },
        ],
      });
      // Nothing moved: the refused reassigns left the offers as the decline left them.
      const found = (await as(app, ER_ADMIN).get<Case>(`/cases/${created.id}`)).body;
      expect(found.offeredTo.map((offer) => offer.specialist.id)).not.toContain(NEURO_PRIMARY);
      expect(found.timeline.filter((event) => event.actor?.id === ER_ADMIN)).toEqual([]);
    });

    it('offers the case afresh to a specialist offered it before: no old receipts, and the SMS fallback goes', async () => {
      const clock = fakeClock();
      const db = await open();
      await seedCasesDatabase(db, clock.now());
      const app = await buildCasesApp({
        db,
        cases: { clock, worker: { tickMs: 3_600_000 } },
        env: twilio.env(),
      });
      apps.push(app);
      const tick = async () => {
        await app.cases.worker?.tick();
        await app.cases.pushWorker?.tick();
      };
      // The demo's overdue cases move on first, before this specialist turns SMS on.
      await tick();
      await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 }, clock.now());
      await turnSmsOn(app, NEURO_PRIMARY);
      const created = (
        await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
      ).body;
      const about = () => twilio.received.filter((sms) => sms.body.includes(created.id));
      const primaryOffer = async () =>
        (await as(app, ER_ADMIN).get<Case>(`/cases/${created.id}`)).body.offers.find(
          (offer) => offer.specialist.id === NEURO_PRIMARY,
        );

      // The first offer reaches the specialist's phone and is seen: no SMS.
      for (const kind of ['delivered', 'seen']) {
        expect((await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/receipts`, { kind })).status).toBe(
          200,
        );
      }
      clock.advance(61_000);
      await tick();
      expect(about()).toEqual([]);

      // Reassigned away and back: offered afresh, with no receipt of this offer yet.
      const reassign = (specialistId: string) =>
        as(app, ER_ADMIN).post(`/cases/${created.id}/reassign`, { specialistId });
      expect((await reassign(NEURO_2)).status).toBe(200);
      clock.advance(5_000);
      const back = await reassign(NEURO_PRIMARY);
      expect(back.status).toBe(200);
      expect(await primaryOffer()).toMatchObject({ step: 'primary', deliveredAt: null, seenAt: null });

      // Not received this time: the SMS goes after the hospital's delay from the reassign, not before.
      clock.advance(59_000);
      await tick();
      expect(about()).toEqual([]);
      clock.advance(1_000);
      await tick();
      expect(about().map((sms) => sms.to)).toEqual(['+447700900123']);
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
