import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomeSummary, MySettings } from '../../generated/types.gen.ts';
import { PASSWORD_RULE } from '../../server/src/auth/password-rule.ts';
import { caller, SYSTEM_ADMIN } from './support/admin-calls.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  ER_ADMIN,
  HOSPITAL_ADMIN,
  NEURO_1,
  seedCasesDatabase,
  tokenFor,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

const DEMO_PASSWORD = 'Demo-password-2026';

describe('the caller’s settings, password and home figures', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  forEachDatabase((_name, open) => {
    async function start(): Promise<FastifyInstance> {
      const db = await open();
      await seedCasesDatabase(db);
      app = await buildCasesApp({ db });
      return app;
    }

    async function changePassword(started: FastifyInstance, userId: string, body: unknown) {
      const response = await started.inject({
        method: 'POST',
        url: '/api/v1/me/password',
        headers: {
          authorization: `Bearer ${await tokenFor(started, userId)}`,
          'content-type': 'application/json',
        },
        payload: JSON.stringify(body),
      });
      const answer: { status: number; body: { detail: { loc: unknown[]; msg: string }[] | string } } = {
        status: response.statusCode,
        body: response.body === '' ? { detail: '' } : response.json(),
      };
      return answer;
    }

    it('reads and changes the profile and preferences, versioned and audited', async () => {
      const started = await start();
      const doctor = caller(started, DOCTOR, ['er_doctor']);
      const read = await doctor.get<MySettings>('/me/settings');
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        preferences: { sound: true, toasts: true },
        passwordChangeable: true,
      });

      const saved = await doctor.put<MySettings>('/me/settings', {
        displayName: '  Dr Amara Okafor-Reed ',
        phone: '+44 20 7946 0000',
        preferences: { sound: false, toasts: true },
        version: read.body.version,
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        displayName: 'Dr Amara Okafor-Reed',
        phone: '+44 20 7946 0000',
        preferences: { sound: false, toasts: true },
        version: read.body.version + 1,
      });
      const me = await as(started, DOCTOR).get<{ displayName: string }>('/me');
      expect(me.body.displayName).toBe('Dr Amara Okafor-Reed');

      const stale = await doctor.put('/me/settings', {
        displayName: 'Someone else',
        phone: null,
        preferences: { sound: true, toasts: true },
        version: read.body.version,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.detail).toMatch(/changed elsewhere.*Reload/);

      const blank = await doctor.put('/me/settings', {
        displayName: '   ',
        phone: null,
        preferences: { sound: true, toasts: true },
        version: saved.body.version,
      });
      expect(blank.status).toBe(400);
      expect(blank.body.detail).toEqual([{ loc: ['body', 'displayName'], msg: 'must not be blank' }]);

      const badPhone = await doctor.put('/me/settings', {
        displayName: 'Dr A',
        phone: 'call me maybe',
        preferences: { sound: true, toasts: true },
        version: saved.body.version,
      });
      expect(badPhone.status).toBe(400);

      const [event] = await started.db.query<{
        action: string;
        before: { sound: boolean };
        after: { sound: boolean };
      }>(
        "select action, before, after from admin_audit_events where target_id = $1 and action = 'user.settings_updated'",
        [DOCTOR],
      );
      expect(event).toMatchObject({ before: { sound: true }, after: { sound: false } });
    });

    it('answers 401 without a token', async () => {
      const started = await start();
      for (const url of ['/api/v1/me/settings', '/api/v1/me/home']) {
        const response = await started.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(401);
        expect(response.json<{ detail: string }>().detail).toBeTruthy();
      }
    });

    it('changes the password with the current one, under the sign-in password rule', async () => {
      const started = await start();
      const wrong = await changePassword(started, DOCTOR, {
        currentPassword: 'not-my-password-1',
        newPassword: 'Harbour-lights-42',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.detail).toEqual([
        { loc: ['body', 'currentPassword'], msg: 'is not your current password' },
      ]);

      const weak = await changePassword(started, DOCTOR, {
        currentPassword: DEMO_PASSWORD,
        newPassword: 'short1',
      });
      expect(weak.status).toBe(400);
      expect(weak.body.detail).toEqual([
        { loc: ['body', 'newPassword'], msg: expect.stringMatching(/at least 12 characters/) as unknown },
      ]);

      const same = await changePassword(started, DOCTOR, {
        currentPassword: DEMO_PASSWORD,
        newPassword: DEMO_PASSWORD,
      });
      expect(same.status).toBe(400);
      expect(same.body.detail).toEqual([
        { loc: ['body', 'newPassword'], msg: 'must differ from your current password' },
      ]);

      const done = await changePassword(started, DOCTOR, {
        currentPassword: DEMO_PASSWORD,
        newPassword: 'Harbour-lights-42',
      });
      expect(done.status).toBe(204);
      const again = await changePassword(started, DOCTOR, {
        currentPassword: DEMO_PASSWORD,
        newPassword: 'Another-harbour-43',
      });
      expect(again.status).toBe(400);
      const actions = await started.db.query<{ action: string }>(
        "select action from admin_audit_events where target_id = $1 and action = 'user.password_changed'",
        [DOCTOR],
      );
      expect(actions).toHaveLength(1);
    });

    it('refuses a new password made of the user’s own name (the rule sign-up and the first sign-in follow)', async () => {
      const started = await start();
      // The ER doctor is Dr Dana Okafor (er_doctor@demo.test).
      for (const newPassword of ['DanaOkafor2026', 'okafor.dana.1']) {
        const own = await changePassword(started, DOCTOR, { currentPassword: DEMO_PASSWORD, newPassword });
        expect(own.status, newPassword).toBe(400);
        expect(own.body.detail).toEqual([
          { loc: ['body', 'newPassword'], msg: expect.stringContaining(PASSWORD_RULE) as unknown },
        ]);
      }
      const kept = await started.db.query<{ action: string }>(
        "select action from admin_audit_events where target_id = $1 and action = 'user.password_changed'",
        [DOCTOR],
      );
      expect(kept).toEqual([]);
    });

    it('refuses a password change to a user who signs in elsewhere (409)', async () => {
      const started = await start();
      await started.db.query('update users set password_hash = null where id = $1', [DOCTOR]);
      const answer = await changePassword(started, DOCTOR, {
        currentPassword: DEMO_PASSWORD,
        newPassword: 'Harbour-lights-42',
      });
      expect(answer.status).toBe(409);
      expect(answer.body.detail).toMatch(/sign-in service/);
      const settings = await caller(started, DOCTOR, ['er_doctor']).get<MySettings>('/me/settings');
      expect(settings.body.passwordChangeable).toBe(false);
    });

    it('gives each role the figures of the areas it opens', async () => {
      const started = await start();
      const home = async (userId: string, roles: string[]) => {
        const answer = await caller(started, userId, roles).get<HomeSummary>('/me/home');
        expect(answer.status).toBe(200);
        return answer.body;
      };
      const count = async (sql: string, params: unknown[]) =>
        Number((await started.db.query<{ n: string | number }>(sql, params))[0]?.n);

      const specialist = await home(NEURO_1, ['specialist']);
      expect(specialist.waitingForMe).toBe(
        await count(
          `select count(*) as n from case_offers o join cases c on c.id = o.case_id
           where o.specialist_id = $1 and o.active and c.status in ('pending', 'escalated')`,
          [NEURO_1],
        ),
      );
      expect(specialist).toMatchObject({ openCases: null, activeUsers: null });
      expect(specialist.triageAssessments).toBeGreaterThan(0);

      const doctor = await home(DOCTOR, ['er_doctor']);
      expect(doctor.waitingForMe).toBe(
        await count(
          "select count(*) as n from cases where opened_by = $1 and status in ('pending', 'escalated')",
          [DOCTOR],
        ),
      );
      expect(doctor.activeUsers).toBeNull();

      const hospital = await home(HOSPITAL_ADMIN, ['hospital']);
      const open = await count(
        "select count(*) as n from cases where hospital_id = 'hosp_sgh' and status not in ('closed', 'cancelled')",
        [],
      );
      expect(open).toBeGreaterThan(0);
      expect(hospital.openCases).toBe(open);
      expect(hospital.waitingForMe).toBeNull();
      expect(hospital.activeUsers).toBe(
        await count("select count(*) as n from users where hospital_id = 'hosp_sgh' and active", []),
      );
      expect((await home(ER_ADMIN, ['emergency_room_admin'])).activeUsers).toBe(hospital.activeUsers);

      const system = await home(SYSTEM_ADMIN, ['hospital_system']);
      expect(system.openCases).toBeGreaterThan(open);
      expect(system.triageAssessments).toBeNull();
      expect(system.activeUsers).toBeGreaterThan(hospital.activeUsers ?? 0);
    });
  });
});
