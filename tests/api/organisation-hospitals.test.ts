import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hospital, HospitalPage } from '../../generated/types.gen.ts';
import { caller, SYSTEM_ADMIN } from './support/admin-calls.ts';
import { buildCasesApp, DOCTOR, ER_ADMIN, HOSPITAL_ADMIN, seedCasesDatabase } from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

const northfield = {
  name: 'Northfield Community Hospital',
  shortCode: 'NCH',
  timeZone: 'Europe/Dublin',
  ackMinutes: { emergent: 4, urgent: 12, routine: 45 },
  clinicalTargets: [{ specialtyId: 'spc_neurology', urgency: 'emergent', minutes: 15 }],
};

const OUTSIDE_ROLES: readonly [string, string][] = [
  [HOSPITAL_ADMIN, 'hospital'],
  [DOCTOR, 'er_doctor'],
  [ER_ADMIN, 'emergency_room_admin'],
  ['usr_demo_specialist', 'specialist'],
  ['usr_demo_hospital_system_business_administrator', 'hospital_system_business_administrator'],
];

describe('hospitals of the hospital system', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  forEachDatabase((_name, open) => {
    async function start(): Promise<FastifyInstance> {
      const db = await open();
      await seedCasesDatabase(db, new Date(), false);
      app = await buildCasesApp({ db });
      return app;
    }

    it('lists its hospitals searched, sorted and paged on the server', async () => {
      const admin = caller(await start(), SYSTEM_ADMIN, ['hospital_system']);

      const all = await admin.get<HospitalPage>('/hospitals');
      expect(all.status).toBe(200);
      expect(all.body.items.map((hospital) => hospital.shortCode)).toEqual(['RVG', 'SGH']);
      expect(all.body).toMatchObject({ total: 2, page: 1, pageSize: 20 });
      expect(all.body.items[1]).toMatchObject({ name: "St George's Hospital", adminCount: 1, version: 1 });

      const desc = await admin.get<HospitalPage>('/hospitals?sort=shortCode&order=desc&pageSize=1&page=2');
      expect(desc.body.items.map((hospital) => hospital.shortCode)).toEqual(['RVG']);
      expect(desc.body.total).toBe(2);

      const found = await admin.get<HospitalPage>('/hospitals?q=george');
      expect(found.body.items.map((hospital) => hospital.id)).toEqual(['hosp_sgh']);
    });

    it('creates a hospital with its times and targets, and audits it', async () => {
      const started = await start();
      const admin = caller(started, SYSTEM_ADMIN, ['hospital_system']);

      const created = await admin.post<Hospital>('/hospitals', northfield);

      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: northfield.name,
        shortCode: 'NCH',
        timeZone: 'Europe/Dublin',
        ackMinutes: northfield.ackMinutes,
        clinicalTargets: northfield.clinicalTargets,
        admins: [],
        version: 1,
      });
      const read = await admin.get<Hospital>(`/hospitals/${created.body.id}`);
      expect(read.body).toEqual(created.body);
      const [event] = await started.db.query<{
        user_id: string;
        action: string;
        before: unknown;
        after: Hospital;
      }>(
        "select actor_id, action, before, after from admin_audit_events where target_type = 'hospital' and target_id = $1",
        [created.body.id],
      );
      expect(event).toMatchObject({ actor_id: SYSTEM_ADMIN, action: 'hospital.create', before: null });
      expect(event?.after.shortCode).toBe('NCH');
    });

    it('refuses an unknown time zone, a taken short code and an unknown specialty, each with detail', async () => {
      const admin = caller(await start(), SYSTEM_ADMIN, ['hospital_system']);

      const zone = await admin.post('/hospitals', { ...northfield, timeZone: 'Europe/Atlantis' });
      expect(zone.status).toBe(400);
      expect(zone.body.detail).toEqual([
        {
          loc: ['body', 'timeZone'],
          msg: 'Europe/Atlantis is not an IANA time zone name; use one such as Europe/London',
        },
      ]);

      const code = await admin.post('/hospitals', { ...northfield, shortCode: 'SGH' });
      expect(code.status).toBe(409);
      expect(code.body.detail).toBe(
        "The short code SGH is already used by St George's Hospital; choose another",
      );

      const specialty = await admin.post('/hospitals', {
        ...northfield,
        clinicalTargets: [{ specialtyId: 'spc_nowhere', urgency: 'urgent', minutes: 30 }],
      });
      expect(specialty.status).toBe(400);

      const lower = await admin.post('/hospitals', { ...northfield, shortCode: 'nch' });
      expect(lower.status).toBe(400);
    });

    it('changes a hospital at its version and refuses a stale save with 409', async () => {
      const started = await start();
      const admin = caller(started, SYSTEM_ADMIN, ['hospital_system']);
      const before = (await admin.get<Hospital>('/hospitals/hosp_sgh')).body;
      const change = {
        name: before.name,
        shortCode: before.shortCode,
        timeZone: before.timeZone,
        ackMinutes: { ...before.ackMinutes, urgent: 10 },
        clinicalTargets: [{ specialtyId: 'spc_cardiology', urgency: 'emergent', minutes: 10 }],
        version: before.version,
      };

      const saved = await admin.put<Hospital>('/hospitals/hosp_sgh', change);
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        ackMinutes: { emergent: 5, urgent: 10, routine: 60 },
        clinicalTargets: [{ specialtyId: 'spc_cardiology', urgency: 'emergent', minutes: 10 }],
        version: before.version + 1,
      });

      const stale = await admin.put('/hospitals/hosp_sgh', { ...change, name: 'St George’s' });
      expect(stale.status).toBe(409);
      expect(stale.body.detail).toMatch(/Someone else changed this hospital.*Reload/);
      expect((await admin.get<Hospital>('/hospitals/hosp_sgh')).body.name).toBe("St George's Hospital");

      const [event] = await started.db.query<{ before: Hospital; after: Hospital; address: string }>(
        "select before, after, address from admin_audit_events where action = 'hospital.update'",
      );
      expect(event?.before.ackMinutes.urgent).toBe(15);
      expect(event?.after.ackMinutes.urgent).toBe(10);
      expect(event?.address).toBeTruthy();
    });

    it('names an existing user of the hospital as its administrator, and no one of another hospital', async () => {
      const admin = caller(await start(), SYSTEM_ADMIN, ['hospital_system']);

      const named = await admin.post<Hospital>('/hospitals/hosp_sgh/admins', {
        email: 'emergency_room_admin@demo.test',
      });
      expect(named.status).toBe(200);
      expect(named.body.admins.map((user) => user.id)).toContain(ER_ADMIN);

      const elsewhere = await admin.post('/hospitals/hosp_sgh/admins', {
        email: 'hospital_system@demo.test',
      });
      expect(elsewhere.status).toBe(400);
    });

    it('creates the new hospital’s administrator through sign-up with its hospital id', async () => {
      const admin = caller(await start(), SYSTEM_ADMIN, ['hospital_system']);
      const created = (await admin.post<Hospital>('/hospitals', northfield)).body;

      const signup = await admin.post('/auth/signup', {
        email: 'nora.admin@northfield.example',
        password: 'Temporary-Passw0rd',
        role: 'hospital',
        display_name: 'Nora Quinn',
        contact_info: { fname: 'Nora', lname: 'Quinn', phone: null, company_name: null },
        specialty_types: [],
        force_change_password_next_sign_in: true,
        hospital_id: created.id,
      });
      expect(signup.status).toBe(201);
      const read = await admin.get<Hospital>(`/hospitals/${created.id}`);
      expect(read.body.admins).toEqual([
        expect.objectContaining({ displayName: 'Nora Quinn', email: 'nora.admin@northfield.example' }),
      ]);
    });

    it('refuses every role outside the system administrator, and hides other systems’ hospitals', async () => {
      const started = await start();
      await started.db.query("insert into hospital_systems (id, name) values ('hs_other', 'Other Health')");
      await started.db.query(
        `insert into hospitals (id, hospital_system_id, name, short_code, time_zone)
         values ('hosp_other', 'hs_other', 'Elsewhere', 'ELS', 'Europe/Paris')`,
      );
      const admin = caller(started, SYSTEM_ADMIN, ['hospital_system']);
      expect((await admin.get('/hospitals/hosp_other')).status).toBe(404);
      const other = await admin.put('/hospitals/hosp_other', { ...northfield, version: 1 });
      expect(other.status).toBe(404);
      expect(other.body.detail).toBe('Hospital not found');

      for (const [userId, role] of OUTSIDE_ROLES) {
        const outsider = caller(started, userId, [role]);
        expect((await outsider.get('/hospitals')).status).toBe(403);
        const create = await outsider.post('/hospitals', northfield);
        expect(create.status).toBe(403);
        expect(create.body.detail).toBe('Only a hospital system administrator manages hospitals');
        expect((await outsider.put('/hospitals/hosp_sgh', { ...northfield, version: 1 })).status).toBe(403);
        expect((await outsider.post('/hospitals/hosp_sgh/admins', { email: 'x@demo.test' })).status).toBe(
          403,
        );
      }
    });

    it('lets a hospital admin read its own hospital only; other staff are refused', async () => {
      const started = await start();
      const hospitalAdmin = caller(started, HOSPITAL_ADMIN, ['hospital']);
      expect((await hospitalAdmin.get<Hospital>('/hospitals/hosp_sgh')).body.shortCode).toBe('SGH');
      expect((await hospitalAdmin.get('/hospitals/hosp_rvg')).status).toBe(404);

      const doctor = await caller(started, DOCTOR, ['er_doctor']).get('/hospitals/hosp_sgh');
      expect(doctor.status).toBe(403);
      await started.db.query(
        `insert into users (id, email, display_name, roles, hospital_system_id, hospital_id)
         values ('usr_test_rvg', 'rvg.doctor@demo.test', 'Rita Vale', '{er_doctor}', 'hs_demo', 'hosp_rvg')`,
      );
      expect((await caller(started, 'usr_test_rvg', ['er_doctor']).get('/hospitals/hosp_sgh')).status).toBe(
        404,
      );
    });
  });
});
