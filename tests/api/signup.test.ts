import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role, SignupRequest, User } from '../../generated/types.gen.ts';
import { signupDetails } from '../../server/src/auth/signup-policy.ts';
import { signupProblems } from '../../server/src/users/signup.ts';
import { PASSWORD_RULE } from '../../server/src/auth/password-rule.ts';
import {
  accessTokenFor,
  Browser,
  identityTestConfig,
  openLoginPage,
  createPkce,
  openTestDatabase,
  startApp,
  type RunningApp,
  type TestDatabase,
} from './support/identity-harness.ts';
import { forEachDatabase } from './support/databases.ts';

const ROLES: readonly Role[] = [
  'emergency_room',
  'emergency_room_admin',
  'er_doctor',
  'specialist',
  'hospital_system',
  'hospital',
  'hospital_system_business_administrator',
  'hospital_business_administrator',
];

// Who may create whom, written out independently of the policy's own.
const ALLOWED: Readonly<Record<Role, readonly Role[]>> = {
  emergency_room_admin: ['er_doctor', 'emergency_room', 'specialist'],
  hospital: ['specialist', 'emergency_room_admin', 'emergency_room'],
  hospital_system: [
    'hospital',
    'hospital_business_administrator',
    'hospital_system',
    'hospital_system_business_administrator',
  ],
  emergency_room: [],
  er_doctor: [],
  specialist: [],
  hospital_system_business_administrator: [],
  hospital_business_administrator: [],
};
const IN_SYSTEM_HOSPITAL: readonly Role[] = ['hospital', 'hospital_business_administrator'];

const PASSWORD = 'Temporary-pass-42';
const config = identityTestConfig();
forEachDatabase((_name, open) => {
  let database: TestDatabase;
  let running: RunningApp;

  beforeAll(async () => {
    database = await openTestDatabase(open);
    running = await startApp(config, database.db);
    await database.db.query("insert into hospital_systems (id, name) values ('hs_other', 'Other Health')");
    await database.db.query(
      `insert into hospitals (id, hospital_system_id, name, short_code, time_zone)
     values ('hosp_other', 'hs_other', 'Other General', 'OTH', 'America/New_York')`,
    );
  });

  afterAll(async () => {
    await running.close();
    await database.close();
  });

  function tokenFor(role: Role): Promise<string> {
    return accessTokenFor(database.db, config, `usr_demo_${role}`, [role]);
  }

  function body(role: Role, email: string, extra: Partial<SignupRequest> = {}): SignupRequest {
    return {
      email,
      password: PASSWORD,
      role,
      display_name: 'Alex Morgan Jones',
      contact_info: { fname: 'Alex', lname: 'Morgan Jones', phone: '+44 20 7946 0000', company_name: null },
      specialty_types: role === 'specialist' ? ['Neurology'] : [],
      ...extra,
    };
  }

  async function signup(
    token: string | undefined,
    payload: unknown,
  ): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${running.baseUrl}/api/v1/auth/signup`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(payload),
    });
    return { status: response.status, json: await response.json() };
  }

  describe('POST /auth/signup: who may create whom', () => {
    for (const creator of ROLES) {
      for (const target of ROLES) {
        const allowed = ALLOWED[creator].includes(target);
        it(`${creator} ${allowed ? 'creates' : 'may not create'} ${target}`, async () => {
          const email = `${creator}.${target}@matrix.test`;
          const named =
            creator === 'hospital_system' && IN_SYSTEM_HOSPITAL.includes(target)
              ? { hospital_id: database.organisation.hospitalIds.riverside }
              : {};
          const { status, json } = await signup(await tokenFor(creator), body(target, email, named));
          if (!allowed) {
            expect(status).toBe(403);
            expect(json).toEqual({ detail: signupDetails.roleNotAllowed });
            return;
          }
          expect(status, JSON.stringify(json)).toBe(201);
          const user = json as User;
          expect(user).toMatchObject({ email, roles: [target], displayName: 'Alex Morgan Jones' });
          expect(user.hospitalSystem.id).toBe(database.organisation.hospitalSystemId);
          const expectedHospital =
            'hospital_id' in named
              ? database.organisation.hospitalIds.riverside
              : creator === 'hospital_system'
                ? null
                : database.organisation.hospitalIds.stGeorges;
          expect(user.hospital?.id ?? null).toBe(expectedHospital);
          expect(user.specialtyTypes).toEqual(target === 'specialist' ? ['Neurology'] : []);
          const [row] = await database.db.query<{ force: boolean; created_by: string; phone: string }>(
            'select force_change_password_next_sign_in as force, created_by, phone from users where id = $1',
            [user.id],
          );
          expect(row).toEqual({ force: true, created_by: `usr_demo_${creator}`, phone: '+44 20 7946 0000' });
        });
      }
    }
  });

  describe('POST /auth/signup: what it refuses', () => {
    it('refuses a caller without a token', async () => {
      const { status, json } = await signup(undefined, body('er_doctor', 'anonymous@refusals.test'));
      expect(status).toBe(401);
      expect(json).toEqual({ detail: 'Authentication required' });
    });

    it('says nothing of an account in another hospital system: a neutral answer, not "already exists"', async () => {
      await database.db.query(
        `insert into users (id, email, display_name, roles, hospital_system_id, hospital_id)
         values ('usr_other_doctor', 'kept.elsewhere@other.test', 'Kim Elsewhere', '{er_doctor}', 'hs_other', 'hosp_other'),
                ('usr_other_admin', 'admin@other.test', 'Ola Other', '{hospital_system}', 'hs_other', null)`,
      );
      for (const [creator, role] of [
        ['emergency_room_admin', 'er_doctor'],
        ['hospital', 'emergency_room'],
      ] as const) {
        const { status, json } = await signup(
          await tokenFor(creator),
          body(role, 'Kept.Elsewhere@Other.test'),
        );
        expect(status).toBe(409);
        expect(json).toEqual({ detail: signupProblems.emailUnavailable });
        expect(JSON.stringify(json)).not.toMatch(/exist|another hospital|system/i);
      }
      // The system the account belongs to is told plainly.
      const ownSystem = await signup(
        await accessTokenFor(database.db, config, 'usr_other_admin', ['hospital_system']),
        { ...body('hospital', 'kept.elsewhere@other.test'), hospital_id: 'hosp_other' },
      );
      expect(ownSystem).toEqual({ status: 409, json: { detail: signupProblems.duplicateEmail } });
    });

    it('refuses an email that exists already, whatever its case', async () => {
      const { status, json } = await signup(
        await tokenFor('emergency_room_admin'),
        body('er_doctor', 'ER_Doctor@Demo.Test'),
      );
      expect(status).toBe(409);
      expect(json).toEqual({ detail: signupProblems.duplicateEmail });
    });

    it.each(['Short-1', 'no-digits-in-this-one', '123456789012345', 'a1', 'Password1234', 'qwerty123456'])(
      'refuses the weak password %s',
      async (password) => {
        const { status, json } = await signup(
          await tokenFor('emergency_room_admin'),
          body('er_doctor', 'weak@refusals.test', { password }),
        );
        expect(status).toBe(400);
        expect((json as { detail: string }).detail).toContain(PASSWORD_RULE);
      },
    );

    it('refuses a temporary password made of the new user’s own name, or of the names typed for them', async () => {
      const admin = await tokenFor('emergency_room_admin');
      for (const password of ['JonesMorgan-2026', 'Morgan.Jones.26']) {
        const { status, json } = await signup(
          admin,
          body('er_doctor', 'ownname@refusals.test', { password }),
        );
        expect(status, password).toBe(400);
        expect((json as { detail: string }).detail).toContain(PASSWORD_RULE);
      }
      const typed = await signup(
        admin,
        body('er_doctor', 'ownname@refusals.test', {
          display_name: 'Dr A',
          contact_info: { fname: 'Quillfeather', lname: 'Brightwater', company_name: null },
          password: 'Quillfeather-Brightwater-7',
        }),
      );
      expect(typed.status).toBe(400);
    });

    it('refuses a specialist without specialty types', async () => {
      const { status, json } = await signup(
        await tokenFor('hospital'),
        body('specialist', 'nospecialty@refusals.test', { specialty_types: [] }),
      );
      expect(status).toBe(400);
      expect(json).toEqual({ detail: signupProblems.specialtyRequired });
      const missing = await signup(await tokenFor('hospital'), {
        ...body('specialist', 'nospecialty@refusals.test'),
        specialty_types: undefined,
      });
      expect(missing.status).toBe(400);
    });

    it('refuses a specialty type outside the catalogue', async () => {
      const { status, json } = await signup(
        await tokenFor('hospital'),
        body('specialist', 'astrology@refusals.test', { specialty_types: ['Neurology', 'Astrology'] }),
      );
      expect(status).toBe(400);
      expect(json).toEqual({ detail: signupProblems.unknownSpecialty(['Astrology']) });
    });

    it('refuses specialty types for a role that has none', async () => {
      const { status, json } = await signup(
        await tokenFor('emergency_room_admin'),
        body('er_doctor', 'doctorspecialty@refusals.test', { specialty_types: ['Neurology'] }),
      );
      expect(status).toBe(400);
      expect(json).toEqual({ detail: signupProblems.specialtyNotForRole });
    });

    it('refuses an unknown role (the contract)', async () => {
      const { status } = await signup(await tokenFor('hospital_system'), {
        ...body('hospital', 'wizard@refusals.test'),
        role: 'chief_of_magic',
      });
      expect(status).toBe(400);
    });

    it('refuses a hospital-level creator naming another hospital', async () => {
      const { status, json } = await signup(
        await tokenFor('emergency_room_admin'),
        body('er_doctor', 'elsewhere@refusals.test', {
          hospital_id: database.organisation.hospitalIds.riverside,
        }),
      );
      expect(status).toBe(403);
      expect(json).toEqual({ detail: signupDetails.otherHospital });
    });

    it('refuses a hospital system administrator naming a hospital of another system', async () => {
      const { status, json } = await signup(
        await tokenFor('hospital_system'),
        body('hospital', 'othersystem@refusals.test', { hospital_id: 'hosp_other' }),
      );
      expect(status).toBe(403);
      expect(json).toEqual({ detail: signupDetails.hospitalOutsideSystem });
    });

    it('asks a hospital system administrator which hospital', async () => {
      const { status, json } = await signup(
        await tokenFor('hospital_system'),
        body('hospital', 'which@refusals.test'),
      );
      expect(status).toBe(400);
      expect(json).toEqual({ detail: signupDetails.hospitalRequired });
    });

    it('creates nobody when it refuses', async () => {
      const rows = await database.db.query("select email from users where email like '%@refusals.test'");
      expect(rows).toEqual([]);
    });
  });

  describe('a user created by sign-up', () => {
    it('is made to choose a new password at first sign-in, unless told otherwise', async () => {
      const admin = await tokenFor('emergency_room_admin');
      expect((await signup(admin, body('er_doctor', 'newdoctor@created.test'))).status).toBe(201);
      expect(
        (
          await signup(
            admin,
            body('er_doctor', 'keeps@created.test', { force_change_password_next_sign_in: false }),
          )
        ).status,
      ).toBe(201);

      const forced = new Browser(running.baseUrl);
      const { action } = await openLoginPage(forced, config, createPkce());
      const posted = await forced.postForm(action, { email: 'newdoctor@created.test', password: PASSWORD });
      expect(posted.status).toBe(303);
      expect(posted.headers.get('location')).toMatch(/\/oidc\/interaction\/[^/]+\/password$/);

      const free = new Browser(running.baseUrl);
      const login = await openLoginPage(free, config, createPkce());
      const done = await free.postForm(login.action, { email: 'keeps@created.test', password: PASSWORD });
      expect(done.status).toBe(303);
      expect(done.headers.get('location')).toMatch(/\/oidc\/auth\//);
    });
  });
});
