// The embedded provider's signing key can be rotated: after `rotate` a new key signs (from each process's
// next start) and both keys are published, so tokens the old key signed still verify; after `retire` the old
// key is published and trusted no more.
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  KeyRotationError,
  loadSigningKey,
  retireSigningKey,
  rotateSigningKey,
} from '../../server/src/identity/keys.ts';
import { forEachDatabase } from './support/databases.ts';
import {
  accessTokenFor,
  Browser,
  decodeJwt,
  identityTestConfig,
  openTestDatabase,
  signIn,
  startApp,
  type RunningApp,
  type TestDatabase,
} from './support/identity-harness.ts';

const config = identityTestConfig();

forEachDatabase((_name, open) => {
  let database: TestDatabase;
  let running: RunningApp | undefined;

  beforeAll(async () => {
    database = await openTestDatabase(open);
  });
  afterAll(async () => {
    await running?.close();
    await database.close();
  });

  /** A server process (re)started on the database, as after the operator's restart. */
  async function restart(): Promise<RunningApp> {
    await running?.close();
    running = await startApp(config, database.db);
    return running;
  }

  const publishedKids = async (app: RunningApp) =>
    ((await (await fetch(`${app.baseUrl}/oidc/jwks`)).json()) as { keys: { kid: string; d?: string }[] })
      .keys;

  const me = (app: RunningApp, token: string) =>
    fetch(`${app.baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } }).then(
      (r) => r.status,
    );

  it('publishes both keys during the change, signs with the new one, and retires the old', async () => {
    let app = await restart();
    const oldKid = (await loadSigningKey(database.db)).kid;
    const oldToken = (await signIn(new Browser(app.baseUrl), config, 'er_doctor@demo.test')).access_token;
    expect(decodeJwt(oldToken).header['kid']).toBe(oldKid);
    expect((await publishedKids(app)).map((key) => key.kid)).toEqual([oldKid]);

    const { current, previous } = await rotateSigningKey(database.db);
    expect(previous).toBe(oldKid);
    expect(current).not.toBe(oldKid);
    // A second rotation before the first is finished would drop a key whose tokens are alive.
    await expect(rotateSigningKey(database.db)).rejects.toBeInstanceOf(KeyRotationError);

    app = await restart();
    const published = await publishedKids(app);
    expect(published.map((key) => key.kid)).toEqual([current, oldKid]);
    expect(published.every((key) => key.d === undefined)).toBe(true);
    const newToken = (await signIn(new Browser(app.baseUrl), config, 'er_doctor@demo.test')).access_token;
    expect(decodeJwt(newToken).header['kid']).toBe(current);
    expect(await me(app, newToken)).toBe(200);
    expect(await me(app, oldToken)).toBe(200);

    expect(await retireSigningKey(database.db)).toBe(oldKid);
    app = await restart();
    expect((await publishedKids(app)).map((key) => key.kid)).toEqual([current]);
    expect(await me(app, oldToken)).toBe(401);
    expect(await me(app, newToken)).toBe(200);
    expect(
      await me(app, await accessTokenFor(database.db, config, 'usr_demo_er_doctor', ['er_doctor'])),
    ).toBe(200);
    await expect(retireSigningKey(database.db)).rejects.toBeInstanceOf(KeyRotationError);
  });
});
