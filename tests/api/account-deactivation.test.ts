import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../generated/types.gen.ts';
import { authDetails } from '../../server/src/auth/authenticate.ts';
import { identityTexts } from '../../server/src/identity/texts.ts';
import {
  accessTokenFor,
  Browser,
  createPkce,
  identityTestConfig,
  openLoginPage,
  refresh,
  signIn,
  startApp,
  openTestDatabase,
  DEMO_PASSWORD,
  type RunningApp,
  type TestDatabase,
} from './support/identity-harness.ts';
import { forEachDatabase } from './support/databases.ts';

const config = identityTestConfig();

forEachDatabase((_name, open) => {
  let database: TestDatabase;
  let running: RunningApp;

  beforeAll(async () => {
    database = await openTestDatabase(open);
    running = await startApp(config, database.db);
  });

  afterAll(async () => {
    await running.close();
    await database.close();
  });

  /** A copy of the demo ER doctor (so the demo users stay as they are for the other tests). */
  async function copyOfDoctor(id: string): Promise<string> {
    const email = `${id}@demo.test`;
    await database.db.query(
      `insert into users (id, email, display_name, password_hash, roles, hospital_system_id, hospital_id,
         specialty_types, force_change_password_next_sign_in)
       select $1, $2, display_name, password_hash, roles, hospital_system_id, hospital_id, specialty_types, false
       from users where id = 'usr_demo_er_doctor'`,
      [id, email],
    );
    return email;
  }

  function getMe(token: string): Promise<Response> {
    return fetch(`${running.baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
  }

  /** The next request sees the change: the NOTIFY reaches the cache in its own time, never a sleep. */
  async function nextAnswer(token: string, status: number): Promise<Response> {
    let response = await getMe(token);
    await expect
      .poll(async () => {
        response = await getMe(token);
        return response.status;
      })
      .toBe(status);
    return response;
  }

  describe('the API decides with the roles and the active flag in the database', () => {
    it('uses the roles the user holds now, not those in the token', async () => {
      await copyOfDoctor('usr_roles_now');
      const token = await accessTokenFor(database.db, config, 'usr_roles_now', ['hospital_system']);
      const first = await getMe(token);
      expect(first.status).toBe(200);
      expect(((await first.json()) as User).roles).toEqual(['er_doctor']);

      await database.db.query("update users set roles = '{}' where id = 'usr_roles_now'");
      await expect.poll(async () => ((await (await getMe(token)).json()) as User).roles).toEqual([]);
    });

    it('refuses a deactivated user on the next request, with a detail, though the cache held them', async () => {
      await copyOfDoctor('usr_leaving');
      const token = await accessTokenFor(database.db, config, 'usr_leaving', ['er_doctor']);
      expect((await getMe(token)).status).toBe(200);
      expect((await getMe(token)).status).toBe(200);

      await database.db.query("update users set active = false where id = 'usr_leaving'");
      const refused = await nextAnswer(token, 401);
      expect(await refused.json()).toEqual({ detail: authDetails.deactivated });

      await database.db.query("update users set active = true where id = 'usr_leaving'");
      expect((await nextAnswer(token, 200)).status).toBe(200);
    });
  });

  describe('the identity provider', () => {
    it('refuses to sign in a deactivated user, and their refresh token no longer works', async () => {
      const email = await copyOfDoctor('usr_signing_out');
      const browser = new Browser(running.baseUrl);
      const tokens = await signIn(browser, config, email);
      expect(tokens.refresh_token).toBeTruthy();

      await database.db.query("update users set active = false where id = 'usr_signing_out'");

      const refreshed = await refresh(browser, config, tokens.refresh_token ?? '');
      expect(refreshed.status).toBe(400);

      const other = new Browser(running.baseUrl);
      const { action } = await openLoginPage(other, config, createPkce());
      const posted = await other.postForm(action, { email, password: DEMO_PASSWORD });
      expect(posted.status).toBe(403);
      expect(await posted.text()).toContain(identityTexts.accountDeactivated.replaceAll("'", '&#39;'));
    });

    it('says nothing of the deactivation to someone without the password', async () => {
      const email = await copyOfDoctor('usr_guessed');
      await database.db.query("update users set active = false where id = 'usr_guessed'");
      const browser = new Browser(running.baseUrl);
      const { action } = await openLoginPage(browser, config, createPkce());
      const posted = await browser.postForm(action, { email, password: 'Wrong-password-1234' });
      expect(posted.status).toBe(401);
      expect(await posted.text()).toContain(identityTexts.incorrectCredentials);
    });
  });
});
