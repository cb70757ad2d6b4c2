// Every range a schedule request names is bounded before anything is computed: a shift lasts at most 7 days,
// time off is entered a year at most at once (422 with a detail), and a shift's availability warnings are
// computed for the range asked for only, so a shift saved before the bound (years long) costs what a week
// costs instead of holding the event loop for every tenant.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shift, ShiftList } from '../../generated/types.gen.ts';
import type { Database } from '../../server/src/db/database.ts';
import { createShiftRow } from '../../server/src/schedules/shifts-repository.ts';
import {
  ER_ADMIN,
  ER_STAFF,
  NEURO_1,
  NEURO_2,
  SGH,
  buildCasesApp,
  seedCasesDatabase,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';
import { call } from './support/schedules.ts';

const HOUR = 3_600_000;
const START = Date.parse('2031-03-03T08:00:00Z');
const shift = (hours: number, primaryId = NEURO_1) => ({
  specialtyId: 'spc_neurology',
  startsAt: new Date(START).toISOString(),
  endsAt: new Date(START + hours * HOUR).toISOString(),
  primaryId,
  backupId: null,
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

  describe('a shift lasts at most 7 days', () => {
    it('refuses a shift a minute longer than 7 days with 422, on create and on change', async () => {
      const tooLong = { ...shift(0), endsAt: new Date(START + 7 * 24 * HOUR + 60_000).toISOString() };
      const created = await call(app, ER_ADMIN, 'POST', '/schedules/shifts', tooLong);
      expect(created.status).toBe(422);
      expect(created.body.detail).toContain('A shift lasts at most 7 days');

      const week = await call<Shift>(app, ER_ADMIN, 'POST', '/schedules/shifts', shift(7 * 24));
      expect(week.status, JSON.stringify(week.body)).toBe(201);
      const changed = await call(app, ER_ADMIN, 'PUT', `/schedules/shifts/${week.body.id}`, tooLong);
      expect(changed.status).toBe(422);
      expect(changed.body.detail).toContain('A shift lasts at most 7 days');
    });

    it('refuses a shift across centuries at once, before reading anything', async () => {
      const refused = await call(app, ER_ADMIN, 'POST', '/schedules/shifts', {
        ...shift(0, NEURO_2),
        specialtyId: 'spc_no_such_specialty',
        startsAt: '2400-01-01T00:00:00Z',
        endsAt: '2500-01-01T00:00:00Z',
      });
      // The length is the first rule checked: an unknown specialty would otherwise answer first.
      expect(refused.status).toBe(422);
      expect(refused.body.detail).toContain('A shift lasts at most 7 days');
    });
  });

  it('refuses time off longer than 366 days with 422', async () => {
    const path = `/schedules/specialists/${NEURO_2}/time-off`;
    const long = await call(app, ER_ADMIN, 'POST', path, { startsOn: '2031-01-01', endsOn: '2032-01-02' });
    expect(long.status).toBe(422);
    expect(long.body.detail).toContain('at most 366 days');
    const year = await call(app, ER_ADMIN, 'POST', path, { startsOn: '2031-01-01', endsOn: '2032-01-01' });
    expect(year.status, JSON.stringify(year.body)).toBe(201);
  });

  describe('a shift saved before shifts were bounded', () => {
    const LEGACY = 'shf_legacy_century';
    beforeAll(async () => {
      await createShiftRow(db, {
        id: LEGACY,
        hospitalId: SGH,
        specialtyId: 'spc_cardiology',
        startsAt: new Date('2400-01-03T00:00:00Z'),
        endsAt: new Date('2500-01-01T00:00:00Z'),
        primaryId: NEURO_1,
        backupId: null,
      });
      // The primary keeps weekday hours and is off for a fortnight in 2450: warnings walk every day.
      const windows = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startTime: '08:00', endTime: '18:00' }));
      const availability = await call(
        app,
        ER_ADMIN,
        'PUT',
        `/schedules/specialists/${NEURO_1}/availability`,
        {
          windows,
        },
      );
      expect(availability.status, JSON.stringify(availability.body)).toBe(200);
      const off = await call(app, ER_ADMIN, 'POST', `/schedules/specialists/${NEURO_1}/time-off`, {
        startsOn: '2450-06-01',
        endsOn: '2450-06-14',
      });
      expect(off.status, JSON.stringify(off.body)).toBe(201);
    });

    const week = async (from: string, to: string) => {
      const listed = await call<ShiftList>(
        app,
        ER_STAFF,
        'GET',
        `/schedules/shifts?from=${from}&to=${to}&specialtyId=spc_cardiology`,
      );
      expect(listed.status).toBe(200);
      const found = listed.body.items.find((item) => item.id === LEGACY);
      expect(found).toBeDefined();
      return found?.warnings;
    };

    it('warns about the week asked for only', async () => {
      // A week of 2400: outside the weekday hours, and no time off in it (the one of 2450 is not in the week).
      expect(await week('2400-01-10T00:00:00Z', '2400-01-17T00:00:00Z')).toEqual(['outside_availability']);
      // The week of the time off warns about it.
      expect(await week('2450-06-04T00:00:00Z', '2450-06-11T00:00:00Z')).toEqual([
        'outside_availability',
        'time_off',
      ]);
    });

    it('answers the shift itself with the warnings of its first 7 days', async () => {
      const read = await call<Shift>(app, ER_STAFF, 'GET', `/schedules/shifts/${LEGACY}`);
      expect(read.status).toBe(200);
      expect(read.body.warnings).toEqual(['outside_availability']);
    });
  });
});
