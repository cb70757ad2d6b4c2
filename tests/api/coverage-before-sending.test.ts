// Who is on call before a case is sent, and what an admin's change breaks before it is made: the coverage
// carries the switchboard number and each specialty's count of active specialists; the hospital admin sets the
// switchboard number (bounded, audited, own hospital only); a waiting case says whom it escalates to; and a
// user's deactivation impact lists their shifts, then the deactivation tells the ER admins.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Case,
  Coverage,
  DeactivationImpact,
  Hospital,
  NotificationList,
  UserAccount,
} from '../../generated/types.gen.ts';
import type { Database } from '../../server/src/db/database.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  ER_ADMIN,
  ER_STAFF,
  HOSPITAL_ADMIN,
  NEURO_1,
  NEURO_2,
  NEURO_3,
  neurologyCase,
  newKey,
  RVG_DOCTOR,
  seedCasesDatabase,
  setOnCall,
  SGH,
  tokenFor,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer's type
async function send<T = { detail: string }>(
  app: FastifyInstance,
  userId: string,
  method: 'GET' | 'PUT' | 'PATCH',
  path: string,
  body?: unknown,
  roles?: readonly string[],
): Promise<{ status: number; body: T }> {
  const response = await app.inject({
    method,
    url: `/api/v1${path}`,
    headers: {
      authorization: `Bearer ${await tokenFor(app, userId, roles)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.json<T>() };
}

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

  describe('the switchboard number', () => {
    it('is set by the hospital admin, audited, and read by the ER doctor with the coverage', async () => {
      const set = await send<Hospital>(app, HOSPITAL_ADMIN, 'PUT', `/hospitals/${SGH}/switchboard`, {
        switchboardPhone: '+44 20 7946 0000',
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.switchboardPhone).toBe('+44 20 7946 0000');
      const coverage = await as(app, DOCTOR).get<Coverage>('/schedules/coverage');
      expect(coverage.status).toBe(200);
      expect(coverage.body.switchboardPhone).toBe('+44 20 7946 0000');
      const [audit] = await db.query<{ action: string; after: unknown }>(
        "select action, after from admin_audit_events where action = 'hospital.switchboard' order by id desc limit 1",
      );
      expect(audit).toMatchObject({
        action: 'hospital.switchboard',
        after: { switchboardPhone: '+44 20 7946 0000' },
      });
      const cleared = await send<Hospital>(app, HOSPITAL_ADMIN, 'PUT', `/hospitals/${SGH}/switchboard`, {
        switchboardPhone: null,
      });
      expect(cleared.body.switchboardPhone).toBeNull();
      // The audit entry holds the number before the change and after it.
      const [clearing] = await db.query<{ before: unknown; after: unknown }>(
        "select before, after from admin_audit_events where action = 'hospital.switchboard' order by id desc limit 1",
      );
      expect(clearing).toEqual({
        before: { switchboardPhone: '+44 20 7946 0000' },
        after: { switchboardPhone: null },
      });
    });

    it.each([
      ['letters', 'call reception'],
      ['too long', `+44 ${'1'.repeat(40)}`],
    ])('refuses a number of %s with 400 and a detail', async (_why, phone) => {
      const refused = await send(app, HOSPITAL_ADMIN, 'PUT', `/hospitals/${SGH}/switchboard`, {
        switchboardPhone: phone,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBeTruthy();
    });

    it('is refused to the ER admin (403) and to another hospital (404)', async () => {
      const erAdmin = await send(app, ER_ADMIN, 'PUT', `/hospitals/${SGH}/switchboard`, {
        switchboardPhone: '+44 20 7946 0000',
      });
      expect(erAdmin.status).toBe(403);
      const other = await send(app, HOSPITAL_ADMIN, 'PUT', '/hospitals/hosp_rvg/switchboard', {
        switchboardPhone: '+44 20 7946 0000',
      });
      expect(other.status).toBe(404);
    });
  });

  describe('the specialists a specialty has', () => {
    it('counts the active specialists, and a deactivated one no more', async () => {
      const before = await as(app, DOCTOR).get<Coverage>('/schedules/coverage');
      const neurology = before.body.specialties.find((entry) => entry.specialty.id === 'spc_neurology');
      expect(neurology?.specialists).toBeGreaterThan(0);
      await db.query('update users set active = false where id = $1', [NEURO_3]);
      const after = await as(app, DOCTOR).get<Coverage>('/schedules/coverage');
      const fewer = after.body.specialties.find((entry) => entry.specialty.id === 'spc_neurology');
      expect(fewer?.specialists).toBe((neurology?.specialists ?? 0) - 1);
      await db.query('update users set active = true where id = $1', [NEURO_3]);
    });
  });

  describe('whom a waiting case escalates to', () => {
    it('names the backup after the primary, then every specialist, and nobody once at the end', async () => {
      await setOnCall(db, 'spc_neurology', { primary: NEURO_1, backup: NEURO_2 });
      const created = await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), {
        'idempotency-key': newKey(),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.escalatesTo).toEqual({
        step: 'backup',
        specialist: { id: NEURO_2, displayName: expect.any(String) as string },
      });
      await setOnCall(db, 'spc_neurology', { primary: NEURO_1, backup: null });
      const noBackup = await as(app, DOCTOR).get<Case>(`/cases/${created.body.id}`);
      expect(noBackup.body.escalatesTo).toEqual({ step: 'all', specialist: null });
      await setOnCall(db, 'spc_neurology', null);
      const uncovered = await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), {
        'idempotency-key': newKey(),
      });
      expect(uncovered.body.noCoverage).toBe(true);
      expect(uncovered.body.escalatesTo).toBeNull();
    });
  });

  describe('deactivating a user with shifts', () => {
    it('lists the shifts it breaks, then tells the ER admins when it is done', async () => {
      await setOnCall(db, 'spc_neurology', { primary: NEURO_1, backup: NEURO_2 });
      const impact = await send<DeactivationImpact>(
        app,
        ER_ADMIN,
        'GET',
        `/users/${NEURO_1}/deactivation-impact`,
      );
      expect(impact.status, JSON.stringify(impact.body)).toBe(200);
      expect(impact.body.shifts).toContainEqual(
        expect.objectContaining({
          shiftId: 'shf_test_spc_neurology',
          role: 'primary',
          leavesUncovered: true,
          specialty: { id: 'spc_neurology', name: 'Neurology' },
        }),
      );
      const backup = await send<DeactivationImpact>(
        app,
        ER_ADMIN,
        'GET',
        `/users/${NEURO_2}/deactivation-impact`,
      );
      expect(backup.body.shifts).toContainEqual(
        expect.objectContaining({
          shiftId: 'shf_test_spc_neurology',
          role: 'backup',
          leavesUncovered: false,
        }),
      );

      const [user] = await db.query<{ version: number }>('select version from users where id = $1', [
        NEURO_1,
      ]);
      const off = await send<UserAccount>(app, HOSPITAL_ADMIN, 'PATCH', `/users/${NEURO_1}`, {
        version: user?.version,
        active: false,
      });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      const coverage = await as(app, ER_STAFF).get<Coverage>('/schedules/coverage');
      expect(
        coverage.body.specialties.find((entry) => entry.specialty.id === 'spc_neurology')?.now,
      ).toBeNull();
      // The hospital admin deactivated; the ER admins are told what it left uncovered.
      const told = await as(app, ER_ADMIN).get<NotificationList>('/notifications');
      expect(told.status).toBe(200);
      expect(told.body.items.map((item) => item.action)).toContainEqual(
        expect.stringMatching(/was deactivated: 1 on-call shift now uncovered, the first Neurology from /),
      );
    });

    it('hides the user from roles that may not deactivate it and from another hospital (404, as updateUser)', async () => {
      const doctor = await send(app, DOCTOR, 'GET', `/users/${NEURO_2}/deactivation-impact`);
      expect(doctor.status).toBe(404);
      const foreign = await send(app, ER_ADMIN, 'GET', `/users/${RVG_DOCTOR}/deactivation-impact`);
      expect(foreign.status).toBe(404);
    });
  });
});
