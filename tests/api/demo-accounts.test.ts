import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_EMAILS, seedDemoUsers } from '../../server/src/demo/users.ts';
import { verifyPassword } from '../../server/src/auth/passwords.ts';
import { DEMO_PASSWORD, openTestDatabase, type TestDatabase } from './support/identity-harness.ts';
import { forEachDatabase } from './support/databases.ts';

forEachDatabase((_name, open) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(open);
  });

  afterAll(async () => {
    await database.close();
  });

  interface DemoRow {
    [column: string]: unknown;
    email: string;
    roles: string[];
    hospital_id: string | null;
    specialty_types: string[];
    force_change_password_next_sign_in: boolean;
    password_hash: string;
  }

  async function demoUsers(): Promise<Map<string, DemoRow>> {
    const rows = await database.db.query<DemoRow>(
      `select email, roles, hospital_id, specialty_types, force_change_password_next_sign_in, password_hash
     from users where email like '%@demo.test'`,
    );
    return new Map(rows.map((row) => [row.email, row]));
  }

  describe('seedDemoUsers', () => {
    it('creates one user per role, and the three edge cases', async () => {
      const users = await demoUsers();
      expect([...users.keys()].sort()).toEqual([...DEMO_USER_EMAILS].sort());
      for (const role of [
        'emergency_room',
        'emergency_room_admin',
        'er_doctor',
        'specialist',
        'hospital_system',
        'hospital',
        'hospital_system_business_administrator',
        'hospital_business_administrator',
      ]) {
        const user = users.get(`${role}@demo.test`);
        expect(user?.roles).toEqual([role]);
        expect(user?.force_change_password_next_sign_in).toBe(false);
        const systemLevel = role === 'hospital_system' || role === 'hospital_system_business_administrator';
        expect(user?.hospital_id).toBe(systemLevel ? null : database.organisation.hospitalIds.stGeorges);
      }
      expect(users.get('specialist@demo.test')?.specialty_types).toEqual(['Neurology']);
      expect(users.get('noroles@demo.test')?.roles).toEqual([]);
      expect(users.get('unknownrole@demo.test')?.roles).toEqual(['chief_of_magic']);
      expect(users.get('mustchange@demo.test')?.force_change_password_next_sign_in).toBe(true);
      expect(await verifyPassword(DEMO_PASSWORD, users.get('er_doctor@demo.test')?.password_hash ?? '')).toBe(
        true,
      );
    });

    it('is idempotent and leaves existing users as they are', async () => {
      await database.db.query(
        "update users set password_hash = 'changed' where email = 'er_doctor@demo.test'",
      );
      await seedDemoUsers(database.db, {
        password: 'another-password-1',
        organisation: database.organisation,
      });
      const users = await demoUsers();
      expect(users.size).toBe(DEMO_USER_EMAILS.length);
      expect(users.get('er_doctor@demo.test')?.password_hash).toBe('changed');

      await database.db.query("delete from users where email = 'hospital@demo.test'");
      await seedDemoUsers(database.db, { password: DEMO_PASSWORD, organisation: database.organisation });
      expect((await demoUsers()).get('hospital@demo.test')?.roles).toEqual(['hospital']);
    });
  });
});
