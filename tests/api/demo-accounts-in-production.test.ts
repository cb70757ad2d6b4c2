// A real installation (NODE_ENV=production, or a PUBLIC_URL that is not this machine) never lets the
// published demo accounts in: not through the sign-in page, not with a token, not with a refresh token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/src/auth/passwords.ts';
import { authDetails } from '../../server/src/auth/authenticate.ts';
import { loadConfig } from '../../server/src/config.ts';
import { seedDemo } from '../../server/src/demo/seed.ts';
import { identityTexts } from '../../server/src/identity/texts.ts';
import { findUserByEmail, insertUser } from '../../server/src/users/users-repository.ts';
import { forEachDatabase } from './support/databases.ts';
import {
  accessTokenFor,
  Browser,
  createPkce,
  DEMO_PASSWORD,
  openLoginPage,
  openTestDatabase,
  signIn,
  startApp,
  type RunningApp,
  type TestDatabase,
} from './support/identity-harness.ts';

const productionConfig = loadConfig({
  PUBLIC_URL: 'https://router.hospital.example',
  TLS: 'off',
  LOG_LEVEL: 'silent',
  SPA_DIR: '/nonexistent-spa-dir',
});
const REAL_PASSWORD = 'Ward-seven-nights-2026';

forEachDatabase((_name, open) => {
  let database: TestDatabase;
  let running: RunningApp;

  beforeAll(async () => {
    // The database a laptop seeded, now served by a production server.
    database = await openTestDatabase(open);
    await insertUser(database.db, {
      id: 'usr_real_registrar',
      email: 'registrar@hospital.example',
      passwordHash: await hashPassword(REAL_PASSWORD),
      displayName: 'Dr Real Registrar',
      roles: ['er_doctor'],
      hospitalSystemId: database.organisation.hospitalSystemId,
      hospitalId: database.organisation.hospitalIds.stGeorges,
      specialtyTypes: [],
      phone: null,
      forceChangePassword: false,
      createdBy: null,
    });
    running = await startApp(productionConfig, database.db);
  });

  afterAll(async () => {
    await running.close();
    await database.close();
  });

  describe('a production server not told to seed the demo', () => {
    it('refuses a demo account at the sign-in page as if it did not exist', async () => {
      const browser = new Browser(running.baseUrl);
      const { action } = await openLoginPage(browser, productionConfig, createPkce());
      const response = await browser.postForm(action, {
        email: 'hospital_system@demo.test',
        password: DEMO_PASSWORD,
      });
      expect(response.status).toBe(401);
      expect(await response.text()).toContain(identityTexts.incorrectCredentials);
    });

    it('refuses a demo account’s token at the API', async () => {
      const token = await accessTokenFor(database.db, productionConfig, 'usr_demo_er_doctor', ['er_doctor']);
      const response = await fetch(`${running.baseUrl}/api/v1/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: authDetails.unknownUser });
    });

    it('signs a real account in', async () => {
      const tokens = await signIn(
        new Browser(running.baseUrl),
        productionConfig,
        'registrar@hospital.example',
        REAL_PASSWORD,
      );
      const me = await fetch(`${running.baseUrl}/api/v1/me`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(me.status).toBe(200);
    });
  });

  describe('a production server told to seed the demo', () => {
    it('gives every demo account, old and new, the generated password instead of the published one', async () => {
      const config = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' });
      await seedDemo(database.db, {
        password: config.demoPassword,
        resetPasswords: config.demoPasswordGenerated,
      });
      for (const email of ['hospital_system@demo.test', 'er_doctor@demo.test', 'neurology.1.sgh@demo.test']) {
        const hash = (await findUserByEmail(database.db, email))?.passwordHash ?? '';
        expect(await verifyPassword(config.demoPassword, hash), email).toBe(true);
        expect(await verifyPassword(DEMO_PASSWORD, hash), email).toBe(false);
      }
      const real = await findUserByEmail(database.db, 'registrar@hospital.example');
      expect(await verifyPassword(REAL_PASSWORD, real?.passwordHash ?? '')).toBe(true);
    });
  });
});
