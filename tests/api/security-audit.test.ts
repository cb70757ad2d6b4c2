// What the audit trail keeps besides case reads and changes: every sign-in through the embedded provider
// (succeeded, failed, refused) and every refused access to an existing case; and a password hash stored with
// a lower cost than today's is replaced at its owner's next successful sign-in.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Case } from '../../generated/types.gen.ts';
import { hashPassword, passwordHashCost, setPasswordHashCost } from '../../server/src/auth/passwords.ts';
import { ACCESS_REFUSED_AUDIT_ACTION } from '../../server/src/cases/case-authorization.ts';
import { SIGN_IN_AUDIT } from '../../server/src/identity/interactions.ts';
import { forEachDatabase } from './support/databases.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  neurologyCase,
  newKey,
  RVG_DOCTOR,
  seedCasesDatabase,
} from './support/cases-app.ts';
import {
  Browser,
  createPkce,
  DEMO_PASSWORD,
  identityTestConfig,
  openLoginPage,
  openTestDatabase,
  signIn,
  startApp,
  type RunningApp,
  type TestDatabase,
} from './support/identity-harness.ts';

type AuditRow = {
  user_id: string | null;
  action: string;
  case_id: string | null;
  address: string | null;
};

forEachDatabase((_name, open) => {
  describe('sign-ins', () => {
    const config = identityTestConfig();
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
    beforeEach(async () => {
      await database.db.query('delete from sign_in_throttles');
    });

    const signInAudits = (userId: string | null) =>
      database.db.query<AuditRow>(
        `select user_id, action, case_id, address from audit_events
         where action like 'sign_in.%' and user_id is not distinct from $1 order by id`,
        [userId],
      );

    it('audits a failure, with the account when the email is one, and without when it is not', async () => {
      const browser = new Browser(running.baseUrl);
      const { action } = await openLoginPage(browser, config, createPkce());
      const wrong = await browser.postForm(action, {
        email: 'specialist@demo.test',
        password: 'Not-the-one-42',
      });
      expect(wrong.status).toBe(401);
      const [user] = await database.db.query<{ id: string }>('select id from users where email = $1', [
        'specialist@demo.test',
      ]);
      expect(await signInAudits(user?.id ?? '')).toEqual([
        { user_id: user?.id, action: SIGN_IN_AUDIT.failed, case_id: null, address: '127.0.0.1' },
      ]);
      const before = (await signInAudits(null)).length;
      const { action: again } = await openLoginPage(browser, config, createPkce());
      expect(
        (await browser.postForm(again, { email: 'nobody@demo.test', password: DEMO_PASSWORD })).status,
      ).toBe(401);
      const anonymous = await signInAudits(null);
      expect(anonymous).toHaveLength(before + 1);
      expect(anonymous.at(-1)).toEqual({
        user_id: null,
        action: SIGN_IN_AUDIT.failed,
        case_id: null,
        address: '127.0.0.1',
      });
    });

    it('audits a success, and rehashes a password stored with a lower cost than today’s', async () => {
      const cost = passwordHashCost();
      setPasswordHashCost(2 ** 10);
      const weak = await hashPassword(DEMO_PASSWORD);
      setPasswordHashCost(cost);
      const [user] = await database.db.query<{ id: string }>(
        'update users set password_hash = $1 where email = $2 returning id',
        [weak, 'er_doctor@demo.test'],
      );
      await signIn(new Browser(running.baseUrl), config, 'er_doctor@demo.test');
      expect(await signInAudits(user?.id ?? '')).toEqual([
        { user_id: user?.id, action: SIGN_IN_AUDIT.succeeded, case_id: null, address: '127.0.0.1' },
      ]);
      const [stored] = await database.db.query<{ password_hash: string }>(
        'select password_hash from users where id = $1',
        [user?.id],
      );
      expect(stored?.password_hash.startsWith(`scrypt$${config.passwordHashCost}$8$1$`)).toBe(true);
      expect(config.passwordHashCost).toBeGreaterThan(2 ** 10);
      // And the new hash holds: the same password signs in again.
      await signIn(new Browser(running.baseUrl), config, 'er_doctor@demo.test');
    });
  });

  describe('refused case access', () => {
    it('is audited on the case, with who asked and from where, though the transaction rolled back', async () => {
      const db = await open();
      await seedCasesDatabase(db);
      const app = await buildCasesApp({ db });
      try {
        const opened = await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), {
          'idempotency-key': newKey(),
        });
        expect(opened.status).toBe(201);
        const caseId = opened.body.id;
        // Another hospital's doctor: a read (no transaction) and a change (inside one) are both refused.
        expect((await as(app, RVG_DOCTOR).get(`/cases/${caseId}`)).status).toBe(404);
        expect(
          (await as(app, RVG_DOCTOR).post(`/cases/${caseId}/cancel`, { reason: 'Not mine' })).status,
        ).toBe(404);
        const refused = await db.query<AuditRow>(
          'select user_id, action, case_id, address from audit_events where action = $1 order by id',
          [ACCESS_REFUSED_AUDIT_ACTION],
        );
        expect(refused).toEqual([
          { user_id: RVG_DOCTOR, action: ACCESS_REFUSED_AUDIT_ACTION, case_id: caseId, address: '127.0.0.1' },
          { user_id: RVG_DOCTOR, action: ACCESS_REFUSED_AUDIT_ACTION, case_id: caseId, address: '127.0.0.1' },
        ]);
      } finally {
        await app.close();
      }
    });
  });
});
