import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminAuditEventList,
  Role,
  SignupRequest,
  User,
  UserAccount,
  UserAccountList,
} from '../../generated/types.gen.ts';
import { manageDetails } from '../../server/src/auth/signup-policy.ts';
import { userAdminProblems } from '../../server/src/users/user-admin.ts';
import {
  accessTokenFor,
  identityTestConfig,
  openTestDatabase,
  startApp,
  type RunningApp,
  type TestDatabase,
} from './support/identity-harness.ts';
import { forEachDatabase } from './support/databases.ts';

const config = identityTestConfig();
const HOSPITAL_ADMIN = 'usr_demo_hospital';
const ER_ADMIN = 'usr_demo_emergency_room_admin';
const SYSTEM_ADMIN = 'usr_demo_hospital_system';

forEachDatabase((_name, open) => {
  let database: TestDatabase;
  let running: RunningApp;

  beforeAll(async () => {
    database = await openTestDatabase(open);
    running = await startApp(config, database.db);
    // A specialist of the other demo hospital and an admin of it: out of St George's admins' reach.
    await database.db.query(
      `insert into users (id, email, display_name, roles, hospital_system_id, hospital_id, specialty_types)
       values ('usr_rvg_neuro', 'rvg.neuro@demo.test', 'Dr Rhea Vance', '{specialist}', 'hs_demo', 'hosp_rvg', '{Neurology}'),
              ('usr_rvg_admin', 'rvg.admin@demo.test', 'Rory Vale', '{hospital}', 'hs_demo', 'hosp_rvg', '{}')`,
    );
  });

  afterAll(async () => {
    await running.close();
    await database.close();
  });

  interface Answer<T> {
    readonly status: number;
    readonly body: T;
  }

  const call = async <T = { detail: string }>(
    userId: string,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    body?: unknown,
  ): Promise<Answer<T>> => {
    const [row] = await database.db.query<{ roles: string[] }>('select roles from users where id = $1', [
      userId,
    ]);
    const token = await accessTokenFor(database.db, config, userId, row?.roles ?? []);
    const response = await running.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: response.statusCode, body: response.json<T>() };
  };

  let counter = 0;
  function signup(role: Role, extra: Partial<SignupRequest> = {}): SignupRequest {
    counter += 1;
    return {
      email: `new.user.${counter}@stgeorges.example`,
      password: 'Temporary-pass-42',
      role,
      display_name: 'Priya Anand Raman',
      contact_info: { fname: 'Priya', lname: 'Anand Raman', phone: null, company_name: null },
      specialty_types: role === 'specialist' ? ['Neurology'] : [],
      ...extra,
    };
  }

  async function newSpecialist(by = HOSPITAL_ADMIN): Promise<UserAccount> {
    const created = await call<User>(by, 'POST', '/auth/signup', signup('specialist'));
    expect(created.status).toBe(201);
    const list = await call<UserAccountList>(by, 'GET', `/users?q=${encodeURIComponent(created.body.email)}`);
    const account = list.body.items[0];
    if (!account) throw new Error('The new specialist is not in the list');
    return account;
  }

  describe('listing users', () => {
    it("shows a hospital admin its hospital's users, searched, sorted and paged", async () => {
      const all = await call<UserAccountList>(HOSPITAL_ADMIN, 'GET', '/users?role=specialist&limit=100');
      expect(all.status).toBe(200);
      expect(all.body.items.every((user) => user.hospitalId === 'hosp_sgh')).toBe(true);
      expect(all.body.items.map((user) => user.id)).not.toContain('usr_rvg_neuro');
      expect(all.body.total).toBe(all.body.items.length);

      const names = all.body.items.map((user) => user.displayName.toLowerCase());
      expect(names).toEqual([...names].sort());
      const desc = await call<UserAccountList>(
        HOSPITAL_ADMIN,
        'GET',
        '/users?role=specialist&order=desc&limit=100',
      );
      expect(desc.body.items.map((user) => user.id)).toEqual(all.body.items.map((user) => user.id).reverse());

      const first = await call<UserAccountList>(HOSPITAL_ADMIN, 'GET', '/users?limit=1');
      const second = await call<UserAccountList>(HOSPITAL_ADMIN, 'GET', '/users?limit=1&offset=1');
      expect(first.body.items).toHaveLength(1);
      expect(second.body.items[0]?.id).not.toBe(first.body.items[0]?.id);
      expect(first.body.total).toBeGreaterThan(1);

      const found = await call<UserAccountList>(HOSPITAL_ADMIN, 'GET', '/users?q=okafor');
      expect(found.body.items.map((user) => user.displayName)).toEqual(['Dr Dana Okafor']);
      const wild = await call<UserAccountList>(HOSPITAL_ADMIN, 'GET', '/users?q=%25');
      expect(wild.body.total).toBe(0);
    });

    it('shows a system admin the whole system, or one of its hospitals', async () => {
      const all = await call<UserAccountList>(SYSTEM_ADMIN, 'GET', '/users?limit=100');
      expect(all.body.items.map((user) => user.id)).toContain('usr_rvg_neuro');
      const rvg = await call<UserAccountList>(SYSTEM_ADMIN, 'GET', '/users?hospitalId=hosp_rvg');
      expect(rvg.body.items.map((user) => user.id).sort()).toEqual(['usr_rvg_admin', 'usr_rvg_neuro']);
    });

    it('refuses everyone else, and hides other hospitals', async () => {
      for (const userId of ['usr_demo_er_doctor', 'usr_demo_specialist', 'usr_demo_emergency_room']) {
        const refused = await call(userId, 'GET', '/users');
        expect(refused).toEqual({ status: 403, body: { detail: manageDetails.notAdministrator } });
      }
      const other = await call(HOSPITAL_ADMIN, 'GET', '/users?hospitalId=hosp_rvg');
      expect(other.status).toBe(404);
      const bad = await call(HOSPITAL_ADMIN, 'GET', '/users?sort=password_hash');
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toBeTruthy();
    });
  });

  describe('changing a user', () => {
    it('edits specialties and contact details against the current version, and audits it', async () => {
      const user = await newSpecialist();
      const changed = await call<UserAccount>(HOSPITAL_ADMIN, 'PATCH', `/users/${user.id}`, {
        version: user.version,
        specialtyTypes: ['Neurology', 'Cardiology'],
        phone: '+44 20 7946 0321',
        pager: ' 4417 ',
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({
        specialtyTypes: ['Neurology', 'Cardiology'],
        phone: '+44 20 7946 0321',
        pager: '4417',
        version: user.version + 1,
      });

      const stale = await call(HOSPITAL_ADMIN, 'PATCH', `/users/${user.id}`, {
        version: user.version,
        pager: '9999',
      });
      expect(stale).toEqual({
        status: 409,
        body: { detail: userAdminProblems.staleVersion(user.version + 1) },
      });

      const log = await call<AdminAuditEventList>(HOSPITAL_ADMIN, 'GET', '/admin-audit');
      const [latest, created] = log.body.items;
      expect(latest).toMatchObject({
        action: 'user.updated',
        targetId: user.id,
        actor: { id: HOSPITAL_ADMIN },
        before: { specialtyTypes: ['Neurology'], phone: null, pager: null },
        after: { specialtyTypes: ['Neurology', 'Cardiology'], phone: '+44 20 7946 0321', pager: '4417' },
      });
      expect(latest?.address).toBeTruthy();
      expect(created).toMatchObject({ action: 'user.created', targetId: user.id, before: null });
      expect(JSON.stringify(log.body)).not.toContain('Temporary-pass-42');
    });

    it('deactivates and reactivates: the user keeps their history and their version moves on', async () => {
      const user = await newSpecialist(ER_ADMIN);
      const off = await call<UserAccount>(ER_ADMIN, 'PATCH', `/users/${user.id}`, {
        version: user.version,
        active: false,
      });
      expect(off.body).toMatchObject({ active: false, version: user.version + 1 });
      const refused = await call(user.id, 'GET', '/me');
      expect(refused.status).toBe(401);
      const on = await call<UserAccount>(ER_ADMIN, 'PATCH', `/users/${user.id}`, {
        version: off.body.version,
        active: true,
      });
      expect(on.body.active).toBe(true);
      expect((await call(user.id, 'GET', '/me')).status).toBe(200);

      const log = await call<AdminAuditEventList>(HOSPITAL_ADMIN, 'GET', '/admin-audit?limit=2');
      expect(log.body.items.map((event) => event.action)).toEqual(['user.reactivated', 'user.deactivated']);
      expect(log.body.nextCursor).not.toBeNull();
      const next = await call<AdminAuditEventList>(
        HOSPITAL_ADMIN,
        'GET',
        `/admin-audit?limit=2&cursor=${log.body.nextCursor}`,
      );
      expect(next.body.items[0]?.action).toBe('user.created');
    });

    it('refuses changes beyond the scope: other roles 403, other hospitals 404, own account', async () => {
      const user = await newSpecialist();
      const doctor = await call<UserAccountList>(HOSPITAL_ADMIN, 'GET', '/users?q=okafor');
      const doctorAccount = doctor.body.items[0];
      // A hospital admin grants no ER doctor role, so changes none.
      const notMine = await call(HOSPITAL_ADMIN, 'PATCH', `/users/${doctorAccount?.id}`, {
        version: doctorAccount?.version,
        active: false,
      });
      expect(notMine).toEqual({ status: 403, body: { detail: manageDetails.roleNotAllowed } });
      // An ER admin changes no hospital admin.
      const admin = await call(ER_ADMIN, 'PATCH', `/users/${HOSPITAL_ADMIN}`, {
        version: 1,
        phone: '1',
      });
      expect(admin.status).toBe(403);
      // Another hospital's specialist is not found, as an unknown user is.
      for (const target of ['usr_rvg_neuro', 'usr_nobody']) {
        const hidden = await call(HOSPITAL_ADMIN, 'PATCH', `/users/${target}`, {
          version: 1,
          active: false,
        });
        expect(hidden).toEqual({ status: 404, body: { detail: userAdminProblems.notFound } });
      }
      // Clinicians change nobody.
      const byDoctor = await call('usr_demo_er_doctor', 'PATCH', `/users/${user.id}`, {
        version: user.version,
        active: false,
      });
      expect(byDoctor.status).toBe(404);
      // The system admin may not deactivate itself.
      const self = await call(SYSTEM_ADMIN, 'PATCH', `/users/${SYSTEM_ADMIN}`, {
        version: 1,
        active: false,
      });
      expect(self).toEqual({ status: 403, body: { detail: manageDetails.ownAccount } });
      // Unknown specialties and specialties for a non-specialist: 400 with detail.
      const unknown = await call(HOSPITAL_ADMIN, 'PATCH', `/users/${user.id}`, {
        version: user.version,
        specialtyTypes: ['Astrology'],
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.detail).toContain('Astrology');
    });

    it('reads the audit log only for hospital and system admins, each in its scope', async () => {
      expect((await call(ER_ADMIN, 'GET', '/admin-audit')).status).toBe(403);
      expect((await call('usr_demo_specialist', 'GET', '/admin-audit')).status).toBe(403);
      const rvg = await call<AdminAuditEventList>('usr_rvg_admin', 'GET', '/admin-audit');
      expect(rvg.body.items).toEqual([]);
      const system = await call<AdminAuditEventList>(SYSTEM_ADMIN, 'GET', '/admin-audit?limit=100');
      expect(system.body.items.length).toBeGreaterThan(0);
    });
  });
});
