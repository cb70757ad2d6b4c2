// On-call shifts through the API: the rules (422), overlap refused by the database even for two admins at
// once (409), history, patterns and week copies, coverage and gaps, and a foreign hospital's shifts unseen.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coverage, Notification, Shift, ShiftList } from '../../generated/types.gen.ts';
import type { Database } from '../../server/src/db/database.ts';
import {
  CARDIO_1,
  DOCTOR,
  ER_ADMIN,
  ER_STAFF,
  NEURO_1,
  NEURO_2,
  NEURO_3,
  NEURO_PRIMARY,
  RVG_DOCTOR,
  RVG_NEURO_1,
  buildCasesApp,
  seedCasesDatabase,
  setOnCall,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';
import { call } from './support/schedules.ts';

// Far from the demo rota (which covers the coming fortnight): a Monday in British Summer Time.
const DAY = '2030-06-03';
const shiftOn = (start: string, end: string, primaryId = NEURO_1, backupId: string | null = null) => ({
  specialtyId: 'spc_neurology',
  startsAt: start,
  endsAt: end,
  primaryId,
  backupId,
});

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

  describe('creating a shift', () => {
    it('creates it with its history and answers it to ER staff', async () => {
      const created = await call<Shift>(
        app,
        ER_ADMIN,
        'POST',
        '/schedules/shifts',
        shiftOn(`${DAY}T07:00:00Z`, `${DAY}T19:00:00Z`, NEURO_1, NEURO_2),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({
        specialty: { id: 'spc_neurology', name: 'Neurology' },
        startsAt: `${DAY}T07:00:00.000Z`,
        primary: { id: NEURO_1 },
        backup: { id: NEURO_2 },
        warnings: [],
      });
      expect(created.body.history?.[0]).toMatchObject({ kind: 'created', actor: { id: ER_ADMIN } });
      const listed = await call<ShiftList>(
        app,
        ER_STAFF,
        'GET',
        `/schedules/shifts?from=${DAY}T00:00:00Z&to=${DAY}T23:59:00Z&specialtyId=spc_neurology`,
      );
      expect(listed.status).toBe(200);
      expect(listed.body.items.map((shift) => shift.id)).toEqual([created.body.id]);
    });

    it.each([
      ['ends before it starts', shiftOn(`${DAY}T10:00:00Z`, `${DAY}T09:00:00Z`), 'end after'],
      [
        'the backup is the primary',
        shiftOn(`${DAY}T20:00:00Z`, `${DAY}T21:00:00Z`, NEURO_1, NEURO_1),
        'backup',
      ],
      ['lacks the specialty', shiftOn(`${DAY}T20:00:00Z`, `${DAY}T21:00:00Z`, CARDIO_1), 'does not practise'],
      [
        'is of another hospital',
        shiftOn(`${DAY}T20:00:00Z`, `${DAY}T21:00:00Z`, RVG_NEURO_1),
        'this hospital',
      ],
      ['is no specialist', shiftOn(`${DAY}T20:00:00Z`, `${DAY}T21:00:00Z`, ER_ADMIN), 'not a specialist'],
    ])('refuses a shift whose specialist %s with 422', async (_why, body, words) => {
      const refused = await call(app, ER_ADMIN, 'POST', '/schedules/shifts', body);
      expect(refused.status).toBe(422);
      expect(refused.body.detail).toContain(words);
    });

    it('refuses an overlapping primary shift with 409 naming the shift it meets', async () => {
      const refused = await call(
        app,
        ER_ADMIN,
        'POST',
        '/schedules/shifts',
        shiftOn(`${DAY}T18:00:00Z`, `${DAY}T22:00:00Z`, NEURO_3),
      );
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toMatch(/Overlaps Neurology's shift of Dr .+ from Mon 3 Jun, 08:00/);
    });

    it('lets a shift start where another ends', async () => {
      const next = await call(
        app,
        ER_ADMIN,
        'POST',
        '/schedules/shifts',
        shiftOn(`${DAY}T19:00:00Z`, `${DAY}T20:00:00Z`),
      );
      expect(next.status).toBe(201);
    });

    it('gives one of two concurrent overlapping creates 201 and the other 409', async () => {
      const day = '2030-06-10';
      const [first, second] = await Promise.all([
        call(
          app,
          ER_ADMIN,
          'POST',
          '/schedules/shifts',
          shiftOn(`${day}T07:00:00Z`, `${day}T19:00:00Z`, NEURO_1),
        ),
        call(
          app,
          ER_ADMIN,
          'POST',
          '/schedules/shifts',
          shiftOn(`${day}T12:00:00Z`, `${day}T23:00:00Z`, NEURO_2),
        ),
      ]);
      expect([first.status, second.status].sort()).toEqual([201, 409]);
      const rows = await db.query(
        `select id from on_call_shifts where specialty_id = 'spc_neurology' and starts_at >= $1 and starts_at < $2`,
        [`${day}T00:00:00Z`, `${day}T23:59:00Z`],
      );
      expect(rows).toHaveLength(1);
    });

    it('saves a shift outside availability or during time off with its warnings', async () => {
      const availability = await call(
        app,
        ER_ADMIN,
        'PUT',
        `/schedules/specialists/${NEURO_3}/availability`,
        {
          windows: [{ weekday: 2, startTime: '08:00', endTime: '20:00' }],
        },
      );
      expect(availability.status).toBe(200);
      const leave = await call(app, ER_ADMIN, 'POST', `/schedules/specialists/${NEURO_3}/time-off`, {
        startsOn: '2030-06-04',
        endsOn: '2030-06-04',
        note: 'Conference',
      });
      expect(leave.status).toBe(201);
      // Tuesday 4 June 2030, 09:00–21:00 in London: past the availability, and on the day off.
      const shift = await call<Shift>(
        app,
        ER_ADMIN,
        'POST',
        '/schedules/shifts',
        shiftOn('2030-06-04T08:00:00Z', '2030-06-04T20:00:00Z', NEURO_3),
      );
      expect(shift.status).toBe(201);
      expect(shift.body.warnings).toEqual(['outside_availability', 'time_off']);
    });

    it('refuses ER doctors and specialists (403) and an unknown body field (400)', async () => {
      const body = shiftOn('2030-07-01T07:00:00Z', '2030-07-01T19:00:00Z');
      expect((await call(app, DOCTOR, 'POST', '/schedules/shifts', body)).status).toBe(403);
      expect(
        (await call(app, NEURO_1, 'GET', `/schedules/shifts?from=${DAY}T00:00:00Z&to=${DAY}T23:00:00Z`))
          .status,
      ).toBe(403);
      expect(
        (await call(app, ER_ADMIN, 'POST', '/schedules/shifts', { ...body, colour: 'red' })).status,
      ).toBe(400);
    });
  });

  describe('changing and deleting', () => {
    it('changes a shift under the same rules and records it in its history', async () => {
      const created = await call<Shift>(
        app,
        ER_ADMIN,
        'POST',
        '/schedules/shifts',
        shiftOn('2030-06-17T07:00:00Z', '2030-06-17T19:00:00Z'),
      );
      const changed = await call<Shift>(
        app,
        ER_ADMIN,
        'PUT',
        `/schedules/shifts/${created.body.id}`,
        shiftOn('2030-06-17T07:00:00Z', '2030-06-17T21:00:00Z', NEURO_2),
      );
      expect(changed.status).toBe(200);
      expect(changed.body.primary.id).toBe(NEURO_2);
      expect(changed.body.history?.map((event) => event.kind)).toEqual(['created', 'updated']);
      const backwards = await call(
        app,
        ER_ADMIN,
        'PUT',
        `/schedules/shifts/${created.body.id}`,
        shiftOn('2030-06-17T07:00:00Z', '2030-06-17T06:00:00Z'),
      );
      expect(backwards.status).toBe(422);
      expect(
        (
          await call(
            app,
            ER_ADMIN,
            'PUT',
            '/schedules/shifts/shf_nope',
            shiftOn(`${DAY}T07:00:00Z`, `${DAY}T08:00:00Z`),
          )
        ).status,
      ).toBe(404);
      expect((await call(app, ER_ADMIN, 'DELETE', `/schedules/shifts/${created.body.id}`)).status).toBe(204);
      expect((await call(app, ER_ADMIN, 'DELETE', `/schedules/shifts/${created.body.id}`)).status).toBe(404);
    });

    it("hides a foreign hospital's shifts (404)", async () => {
      const created = await call<Shift>(
        app,
        ER_ADMIN,
        'POST',
        '/schedules/shifts',
        shiftOn('2030-06-18T07:00:00Z', '2030-06-18T19:00:00Z'),
      );
      expect((await call(app, RVG_DOCTOR, 'GET', `/schedules/shifts/${created.body.id}`)).status).toBe(404);
      const theirs = await call<ShiftList>(
        app,
        RVG_DOCTOR,
        'GET',
        '/schedules/shifts?from=2030-06-18T00:00:00Z&to=2030-06-19T00:00:00Z',
      );
      expect(theirs.body.items).toEqual([]);
    });

    it('tells the ER admins when a change leaves a specialty uncovered now', async () => {
      await setOnCall(db, 'spc_orthopaedics', null);
      const now = Date.now();
      const shift = await call<Shift>(app, ER_ADMIN, 'POST', '/schedules/shifts', {
        specialtyId: 'spc_orthopaedics',
        startsAt: new Date(now - 3_600_000).toISOString(),
        endsAt: new Date(now + 3_600_000).toISOString(),
        primaryId: 'usr_demo_sgh_orthopaedics_1',
      });
      expect(shift.status, JSON.stringify(shift.body)).toBe(201);
      // Another admin of the hospital is the one told (the one who deleted it knows).
      await db.query(`update users set roles = array['emergency_room_admin'] where id = $1`, [ER_STAFF]);
      expect((await call(app, ER_ADMIN, 'DELETE', `/schedules/shifts/${shift.body.id}`)).status).toBe(204);
      const rows = await db.query<Notification & { kind: string; action: string }>(
        `select kind, action from notifications where user_id = $1 and kind = 'coverage_gap'`,
        [ER_STAFF],
      );
      expect(rows.map((row) => row.action)).toEqual([
        'No on-call coverage for Orthopaedics now: new cases go to every Orthopaedics specialist',
      ]);
      await db.query(`update users set roles = array['emergency_room'] where id = $1`, [ER_STAFF]);
    });
  });

  describe('patterns and weeks', () => {
    it('repeats every weekday 08:00–20:00 over two weeks in local time, then copies a week', async () => {
      const repeated = await call<ShiftList>(app, ER_ADMIN, 'POST', '/schedules/shifts/repeat', {
        specialtyId: 'spc_cardiology',
        primaryId: CARDIO_1,
        fromDate: '2030-09-02',
        toDate: '2030-09-15',
        weekdays: [1, 2, 3, 4, 5],
        startTime: '08:00',
        endTime: '20:00',
      });
      expect(repeated.status, JSON.stringify(repeated.body)).toBe(201);
      expect(repeated.body.items).toHaveLength(10);
      expect(repeated.body.items[0]?.startsAt).toBe('2030-09-02T07:00:00.000Z');
      const again = await call(app, ER_ADMIN, 'POST', '/schedules/shifts/repeat', {
        specialtyId: 'spc_cardiology',
        primaryId: CARDIO_1,
        fromDate: '2030-09-13',
        toDate: '2030-09-20',
        weekdays: [5],
        startTime: '12:00',
        endTime: '13:00',
      });
      expect(again.status).toBe(409);
      // All or none: Friday the 20th was not created either.
      const friday = await call<ShiftList>(
        app,
        ER_ADMIN,
        'GET',
        '/schedules/shifts?from=2030-09-20T00:00:00Z&to=2030-09-21T00:00:00Z&specialtyId=spc_cardiology',
      );
      expect(friday.body.items).toEqual([]);
      // The week of 9 September has five shifts; the week after has none yet.
      const copied = await call<ShiftList>(app, ER_ADMIN, 'POST', '/schedules/shifts/copy-week', {
        specialtyId: 'spc_cardiology',
        weekStart: '2030-09-09',
      });
      expect(copied.status, JSON.stringify(copied.body)).toBe(201);
      expect(copied.body.items.map((shift) => shift.startsAt)).toEqual([
        '2030-09-16T07:00:00.000Z',
        '2030-09-17T07:00:00.000Z',
        '2030-09-18T07:00:00.000Z',
        '2030-09-19T07:00:00.000Z',
        '2030-09-20T07:00:00.000Z',
      ]);
      expect(
        (
          await call(app, ER_ADMIN, 'POST', '/schedules/shifts/copy-week', {
            specialtyId: 'spc_cardiology',
            weekStart: '2030-09-09',
          })
        ).status,
      ).toBe(409);
      expect(
        (
          await call(app, ER_ADMIN, 'POST', '/schedules/shifts/copy-week', {
            specialtyId: 'spc_cardiology',
            weekStart: '2031-01-06',
          })
        ).status,
      ).toBe(422);
    });
  });

  describe('coverage', () => {
    it('shows who covers each specialty now and the gaps over 14 days', async () => {
      await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 });
      await setOnCall(db, 'spc_general_surgery', null);
      const coverage = await call<Coverage>(app, ER_STAFF, 'GET', '/schedules/coverage');
      expect(coverage.status).toBe(200);
      expect(coverage.body.timeZone).toBe('Europe/London');
      const neurology = coverage.body.specialties.find((entry) => entry.specialty.name === 'Neurology');
      expect(neurology?.now).toMatchObject({ primary: { id: NEURO_PRIMARY }, backup: { id: NEURO_1 } });
      // setOnCall's shift ends a day from now: the rest of the window is one gap.
      expect(neurology?.gaps).toHaveLength(1);
      expect(neurology?.gaps[0]?.to).toBe(coverage.body.to);
      const surgery = coverage.body.specialties.find((entry) => entry.specialty.name === 'General Surgery');
      expect(surgery?.now).toBeNull();
      expect(surgery?.gaps).toEqual([{ from: coverage.body.from, to: coverage.body.to }]);
      expect((await call(app, NEURO_1, 'GET', '/schedules/coverage')).status).toBe(403);
    });

    it("counts a deactivated specialist's shift as a gap, and gives them no new shift", async () => {
      await setOnCall(db, 'spc_neurology', { primary: NEURO_3, backup: null });
      await db.query('update users set active = false where id = $1', [NEURO_3]);
      try {
        const coverage = await call<Coverage>(app, ER_STAFF, 'GET', '/schedules/coverage');
        const neurology = coverage.body.specialties.find((entry) => entry.specialty.name === 'Neurology');
        expect(neurology?.now).toBeNull();
        expect(neurology?.gaps[0]?.from).toBe(coverage.body.from);
        const refused = await call(
          app,
          ER_ADMIN,
          'POST',
          '/schedules/shifts',
          shiftOn('2030-08-01T07:00:00Z', '2030-08-01T19:00:00Z', NEURO_3),
        );
        expect(refused.status).toBe(422);
        expect(refused.body.detail).toContain('deactivated');
      } finally {
        await db.query('update users set active = true where id = $1', [NEURO_3]);
      }
    });
  });
});
