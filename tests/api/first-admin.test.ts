// A real installation starts empty: `npm run create-admin` makes its first system administrator, once, with
// a password they must change at the first sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/src/auth/passwords.ts';
import { loadConfig } from '../../server/src/config.ts';
import type { Database } from '../../server/src/db/database.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { identityTexts } from '../../server/src/identity/texts.ts';
import {
  createFirstAdmin,
  FirstAdminError,
  firstAdminProblems,
  type FirstAdmin,
} from '../../server/src/users/first-admin.ts';
import { findUserByEmail } from '../../server/src/users/users-repository.ts';
import { forEachDatabase } from './support/databases.ts';
import { Browser, createPkce, openLoginPage, startApp } from './support/identity-harness.ts';

const request = {
  email: 'Ada.Admin@North-Health.example',
  displayName: ' Ada Admin ',
  hospitalSystemName: 'North Health',
  withPassword: true,
};

forEachDatabase((_name, open) => {
  let db: Database;
  let created: FirstAdmin | undefined;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
  });

  afterAll(async () => {
    await db.close();
  });

  describe('createFirstAdmin', () => {
    it('creates the hospital system and its administrator, who must change the generated password', async () => {
      const admin = await createFirstAdmin(db, request);
      created = admin;
      const user = await findUserByEmail(db, 'ada.admin@north-health.example');
      expect(user).toMatchObject({
        id: admin.userId,
        displayName: 'Ada Admin',
        roles: ['hospital_system'],
        hospitalSystemId: admin.hospitalSystemId,
        hospitalId: null,
        forceChangePassword: true,
      });
      expect(admin.password).toMatch(/^\S{24,}$/);
      expect(await verifyPassword(admin.password ?? '', user?.passwordHash ?? '')).toBe(true);
      const [system] = await db.query<{ name: string }>('select name from hospital_systems where id = $1', [
        admin.hospitalSystemId,
      ]);
      expect(system?.name).toBe('North Health');
      // Its creation is audited, as every user's is; by no one signed in.
      const audited = await db.query<{ actor_id: string | null; action: string }>(
        'select actor_id, action from admin_audit_events where target_id = $1',
        [admin.userId],
      );
      expect(audited).toEqual([{ actor_id: null, action: 'user.created' }]);
    });

    it('is refused once a system administrator exists', async () => {
      await expect(
        createFirstAdmin(db, { ...request, email: 'second@north-health.example' }),
      ).rejects.toThrow(new FirstAdminError(firstAdminProblems.exists));
    });

    it('names every field that is wrong', async () => {
      await expect(
        createFirstAdmin(db, {
          email: 'not-an-email',
          displayName: ' ',
          hospitalSystemName: '',
          withPassword: true,
        }),
      ).rejects.toThrow(
        /--email must be an email address[\s\S]*--name must not be blank[\s\S]*--hospital-system/,
      );
    });

    it('sends the administrator to the password change at the first sign-in', async () => {
      const config = loadConfig({
        PUBLIC_URL: 'https://router.north-health.example',
        TLS: 'off',
        LOG_LEVEL: 'silent',
        SPA_DIR: '/nonexistent-spa-dir',
      });
      const running = await startApp(config, db);
      try {
        const browser = new Browser(running.baseUrl);
        const { action } = await openLoginPage(browser, config, createPkce());
        const posted = await browser.postForm(action, {
          email: 'ada.admin@north-health.example',
          password: created?.password ?? '',
        });
        expect(posted.status).toBe(303);
        const page = await browser.get(posted.headers.get('location') ?? '');
        expect(await page.text()).toContain(identityTexts.changePasswordTitle);
      } finally {
        await running.close();
      }
    });
  });
});
