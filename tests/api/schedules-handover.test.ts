// Handover and swaps (routing follows the schedule as it is, and waiting offers move to the incoming
// specialist), the specialist scheduler's availability and time off, and the specialist's own shifts as a
// list and as an iCalendar feed behind a revocable address.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Case,
  CaseList,
  CalendarFeed,
  Shift,
  ShiftHandoverResult,
  ShiftList,
  SpecialistSchedule,
  SpecialistScheduleList,
} from '../../generated/types.gen.ts';
import type { Database } from '../../server/src/db/database.ts';
import {
  CARDIO_1,
  DOCTOR,
  ER_ADMIN,
  NEURO_1,
  NEURO_2,
  RVG_NEURO_1,
  as,
  buildCasesApp,
  neurologyCase,
  newKey,
  seedCasesDatabase,
  setOnCall,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';
import { call } from './support/schedules.ts';

forEachDatabase((_name, open) => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await open();
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

  const activeOfferees = (opened: Case) =>
    opened.offers.filter((offer) => offer.acceptedAt === null && offer.declinedAt === null);

  describe('handover', () => {
    it('splits the shift under way, moves the waiting case, and routes new cases to the incoming specialist', async () => {
      await setOnCall(db, 'spc_neurology', { primary: NEURO_1, backup: null });
      const waiting = await openCase();
      expect(waiting.offers.map((offer) => offer.specialist.id)).toEqual([NEURO_1]);
      // The ER's live board lists to whom each waiting case is offered, and at which step.
      const boardBefore = await as(app, ER_ADMIN).get<CaseList>('/cases?status=pending&limit=100');
      expect(boardBefore.body.items.find((item) => item.id === waiting.id)?.offeredTo).toEqual([
        { specialist: { id: NEURO_1, displayName: expect.any(String) as string }, step: 'primary' },
      ]);

      const handed = await call<ShiftHandoverResult>(
        app,
        ER_ADMIN,
        'POST',
        '/schedules/shifts/shf_test_spc_neurology/handover',
        { toId: NEURO_2 },
      );
      expect(handed.status, JSON.stringify(handed.body)).toBe(200);
      expect(handed.body.movedCases).toBe(1);
      expect(handed.body.kept?.primary.id).toBe(NEURO_1);
      expect(handed.body.handed.primary.id).toBe(NEURO_2);
      expect(handed.body.kept?.endsAt).toBe(handed.body.handed.startsAt);
      expect(handed.body.handed.history?.[0]).toMatchObject({
        kind: 'handed_over',
        actor: { id: ER_ADMIN },
      });
      expect(handed.body.handed.history?.[0]?.detail).toContain('Handed over from');

      // The waiting case is now offered to the incoming specialist, and no longer to the outgoing one.
      const moved = await as(app, DOCTOR).get<Case>(`/cases/${waiting.id}`);
      const offers = await db.query<{ specialist_id: string; active: boolean }>(
        'select specialist_id, active from case_offers where case_id = $1 order by specialist_id',
        [waiting.id],
      );
      expect(offers).toEqual([
        { specialist_id: NEURO_1, active: false },
        { specialist_id: NEURO_2, active: true },
      ]);
      expect(activeOfferees(moved.body).map((offer) => offer.specialist.id)).toContain(NEURO_2);
      const boardAfter = await as(app, ER_ADMIN).get<CaseList>('/cases?status=pending&limit=100');
      expect(
        boardAfter.body.items
          .find((item) => item.id === waiting.id)
          ?.offeredTo.map((offer) => [offer.specialist.id, offer.step]),
      ).toEqual([[NEURO_2, 'primary']]);
      expect(moved.body.offeredTo.map((offer) => offer.specialist.id)).toEqual([NEURO_2]);
      const told = await db.query('select 1 from notifications where user_id = $1 and case_id = $2', [
        NEURO_2,
        waiting.id,
      ]);
      expect(told).toHaveLength(1);

      // Routing reads the schedule as it now is.
      const next = await openCase();
      expect(next.offers.map((offer) => offer.specialist.id)).toEqual([NEURO_2]);
    });

    it('hands a shift not yet started over whole, and refuses ineligible or ended ones', async () => {
      const future = await call<Shift>(app, ER_ADMIN, 'POST', '/schedules/shifts', {
        specialtyId: 'spc_neurology',
        startsAt: '2031-02-03T08:00:00Z',
        endsAt: '2031-02-03T20:00:00Z',
        primaryId: NEURO_1,
        backupId: NEURO_2,
      });
      const whole = await call<ShiftHandoverResult>(
        app,
        ER_ADMIN,
        'POST',
        `/schedules/shifts/${future.body.id}/handover`,
        { toId: NEURO_2 },
      );
      expect(whole.status).toBe(200);
      expect(whole.body.kept).toBeNull();
      expect(whole.body.handed).toMatchObject({ id: future.body.id, primary: { id: NEURO_2 }, backup: null });
      const path = `/schedules/shifts/${future.body.id}/handover`;
      expect((await call(app, ER_ADMIN, 'POST', path, { toId: CARDIO_1 })).status).toBe(422);
      expect((await call(app, ER_ADMIN, 'POST', path, { toId: RVG_NEURO_1 })).status).toBe(422);
      expect((await call(app, ER_ADMIN, 'POST', path, { toId: NEURO_2 })).status).toBe(422);
      expect((await call(app, DOCTOR, 'POST', path, { toId: NEURO_1 })).status).toBe(403);
      expect(
        (await call(app, ER_ADMIN, 'POST', '/schedules/shifts/shf_nope/handover', { toId: NEURO_1 })).status,
      ).toBe(404);
      const past = await call<Shift>(app, ER_ADMIN, 'POST', '/schedules/shifts', {
        specialtyId: 'spc_neurology',
        startsAt: '2020-02-03T08:00:00Z',
        endsAt: '2020-02-03T20:00:00Z',
        primaryId: NEURO_1,
      });
      expect(
        (await call(app, ER_ADMIN, 'POST', `/schedules/shifts/${past.body.id}/handover`, { toId: NEURO_2 }))
          .status,
      ).toBe(409);
    });
  });

  describe('the specialist scheduler', () => {
    it('replaces the weekly availability and adds and deletes time off', async () => {
      const set = await call<SpecialistSchedule>(
        app,
        ER_ADMIN,
        'PUT',
        `/schedules/specialists/${NEURO_1}/availability`,
        {
          windows: [
            { weekday: 1, startTime: '08:00', endTime: '20:00' },
            { weekday: 5, startTime: '20:00', endTime: '08:00' },
          ],
        },
      );
      expect(set.status).toBe(200);
      expect(set.body.availability).toEqual([
        { weekday: 1, startTime: '08:00', endTime: '20:00' },
        { weekday: 5, startTime: '20:00', endTime: '08:00' },
      ]);
      const leave = await call<SpecialistSchedule>(
        app,
        ER_ADMIN,
        'POST',
        `/schedules/specialists/${NEURO_1}/time-off`,
        {
          startsOn: '2030-12-24',
          endsOn: '2030-12-27',
          note: 'Christmas leave',
        },
      );
      expect(leave.status).toBe(201);
      const [timeOff] = leave.body.timeOff;
      expect(timeOff).toMatchObject({
        startsOn: '2030-12-24',
        endsOn: '2030-12-27',
        note: 'Christmas leave',
      });
      const list = await call<SpecialistScheduleList>(app, ER_ADMIN, 'GET', '/schedules/specialists');
      expect(list.body.timeZone).toBe('Europe/London');
      expect(list.body.items.find((item) => item.specialist.id === NEURO_1)?.timeOff).toHaveLength(1);
      expect(list.body.items.some((item) => item.specialist.id === RVG_NEURO_1)).toBe(false);
      expect((await call(app, ER_ADMIN, 'DELETE', `/schedules/time-off/${timeOff?.id ?? ''}`)).status).toBe(
        204,
      );
      expect((await call(app, ER_ADMIN, 'DELETE', `/schedules/time-off/${timeOff?.id ?? ''}`)).status).toBe(
        404,
      );
    });

    it('refuses backwards time off and empty windows (422), foreign specialists (404), non-admins (403)', async () => {
      const base = `/schedules/specialists/${NEURO_1}`;
      expect(
        (
          await call(app, ER_ADMIN, 'POST', `${base}/time-off`, {
            startsOn: '2030-12-27',
            endsOn: '2030-12-24',
          })
        ).status,
      ).toBe(422);
      expect(
        (
          await call(app, ER_ADMIN, 'PUT', `${base}/availability`, {
            windows: [{ weekday: 1, startTime: '08:00', endTime: '08:00' }],
          })
        ).status,
      ).toBe(422);
      expect(
        (
          await call(app, ER_ADMIN, 'PUT', `${base}/availability`, {
            windows: [{ weekday: 8, startTime: '08:00', endTime: '09:00' }],
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await call(app, ER_ADMIN, 'PUT', `/schedules/specialists/${RVG_NEURO_1}/availability`, {
            windows: [],
          })
        ).status,
      ).toBe(404);
      expect((await call(app, DOCTOR, 'GET', '/schedules/specialists')).status).toBe(403);
    });
  });

  describe("the specialist's own shifts", () => {
    it('lists them and publishes them as an iCalendar feed until the address is replaced or revoked', async () => {
      await setOnCall(db, 'spc_neurology', { primary: NEURO_1, backup: NEURO_2 });
      const mine = await call<ShiftList>(app, NEURO_2, 'GET', '/me/shifts');
      expect(mine.status).toBe(200);
      expect(mine.body.items.some((shift) => shift.backup?.id === NEURO_2)).toBe(true);

      const feed = await call<CalendarFeed>(app, NEURO_2, 'POST', '/me/calendar-feed');
      expect(feed.status).toBe(201);
      const address = new URL(feed.body.url);
      const path = address.pathname.replace(/^\/api\/v1/, '');
      expect(path).toMatch(/^\/public\/calendars\/cal_[A-Za-z0-9_-]{43}$/);
      const calendar = await app.inject({ method: 'GET', url: `/api/v1${path}` });
      expect(calendar.statusCode).toBe(200);
      expect(calendar.headers['content-type']).toContain('text/calendar');
      expect(calendar.body).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
      expect(calendar.body).toContain('SUMMARY:On call: Neurology (backup)\r\n');
      expect(calendar.body.trimEnd().endsWith('END:VCALENDAR')).toBe(true);

      // A new address replaces the old; a revoke ends it.
      const renewed = await call<CalendarFeed>(app, NEURO_2, 'POST', '/me/calendar-feed');
      expect((await app.inject({ method: 'GET', url: `/api/v1${path}` })).statusCode).toBe(404);
      expect((await call(app, NEURO_2, 'DELETE', '/me/calendar-feed')).status).toBe(204);
      const renewedPath = new URL(renewed.body.url).pathname;
      expect((await app.inject({ method: 'GET', url: renewedPath })).statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/public/calendars/not-a-token' })).statusCode,
      ).toBe(400);
      expect((await call(app, DOCTOR, 'POST', '/me/calendar-feed')).status).toBe(403);
    });
  });
});
