import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { authDetails, createAuthenticator } from '../../server/src/auth/authenticate.ts';
import { AUTHENTICATION_REQUIRED } from '../../server/src/errors.ts';
import { loadSigningKey } from '../../server/src/identity/keys.ts';
import type { User } from '../../generated/types.gen.ts';
import {
  Browser,
  identityTestConfig,
  openTestDatabase,
  signIn,
  startApp,
  type RunningApp,
  type TestDatabase,
} from './support/identity-harness.ts';
import { forEachDatabase } from './support/databases.ts';

const config = identityTestConfig();
forEachDatabase((_name, open) => {
  let database: TestDatabase;
  let running: RunningApp;
  let signingKey: JWK;

  beforeAll(async () => {
    database = await openTestDatabase(open);
    running = await startApp(config, database.db);
    signingKey = await loadSigningKey(database.db);
  });

  afterAll(async () => {
    await running.close();
    await database.close();
  });

  function getMe(authorization?: string): Promise<Response> {
    return fetch(`${running.baseUrl}/api/v1/me`, {
      headers: authorization === undefined ? {} : { authorization },
    });
  }

  async function expect401(response: Response, detail: string): Promise<void> {
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail });
  }

  interface Forgery {
    readonly sub?: string;
    readonly issuer?: string;
    readonly audience?: string;
    readonly typ?: string;
    /** Seconds since the epoch; null for a token without exp. */
    readonly expiresAt?: number | null;
    readonly key?: JWK;
  }

  /** A token signed as our provider signs them, with one thing changed. */
  async function forge(forgery: Forgery = {}): Promise<string> {
    const key = forgery.key ?? signingKey;
    const now = Math.floor(Date.now() / 1000);
    const token = new SignJWT({
      roles: ['er_doctor'],
      scope: config.identity.apiScope,
      client_id: config.identity.clientId,
    })
      .setProtectedHeader({ alg: 'RS256', typ: forgery.typ ?? 'at+jwt', kid: signingKey.kid ?? '' })
      .setSubject(forgery.sub ?? 'usr_demo_er_doctor')
      .setIssuer(forgery.issuer ?? config.identity.issuer)
      .setAudience(forgery.audience ?? config.identity.apiAudience)
      .setIssuedAt(now - 60)
      .setJti(crypto.randomUUID());
    if (forgery.expiresAt !== null) token.setExpirationTime(forgery.expiresAt ?? now + 600);
    return token.sign(await importJWK(key, 'RS256'));
  }

  describe('bearer token verification', () => {
    it('answers /me for a token from the sign-in flow, with the roles of the token', async () => {
      const tokens = await signIn(new Browser(running.baseUrl), config, 'specialist@demo.test');
      const response = await getMe(`Bearer ${tokens.access_token}`);
      expect(response.status).toBe(200);
      const me = (await response.json()) as User;
      expect(me).toEqual({
        id: 'usr_demo_specialist',
        displayName: 'Dr Sam Lindqvist',
        email: 'specialist@demo.test',
        roles: ['specialist'],
        hospitalSystem: { id: database.organisation.hospitalSystemId, name: 'Demo Health' },
        hospital: {
          id: database.organisation.hospitalIds.stGeorges,
          name: "St George's Hospital",
          timeZone: 'Europe/London',
        },
        specialtyTypes: ['Neurology'],
      });
    });

    it('accepts a well-formed token signed with the persisted key', async () => {
      const response = await getMe(`Bearer ${await forge()}`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as User).email).toBe('er_doctor@demo.test');
    });

    it('rejects a request without a token', async () => {
      await expect401(await getMe(), AUTHENTICATION_REQUIRED);
      await expect401(await getMe('Basic dXNlcjpwYXNz'), AUTHENTICATION_REQUIRED);
      await expect401(await getMe('Bearer'), AUTHENTICATION_REQUIRED);
    });

    it('rejects an expired token', async () => {
      const expired = await forge({ expiresAt: Math.floor(Date.now() / 1000) - 5 });
      await expect401(await getMe(`Bearer ${expired}`), authDetails.expired);
    });

    it('rejects a token for another audience', async () => {
      await expect401(
        await getMe(`Bearer ${await forge({ audience: 'api://another-api' })}`),
        authDetails.audience,
      );
    });

    it('rejects a token from another issuer', async () => {
      const token = await forge({ issuer: 'https://login.example.com/oidc' });
      await expect401(await getMe(`Bearer ${token}`), authDetails.issuer);
    });

    it('rejects a token that is not an access token', async () => {
      await expect401(await getMe(`Bearer ${await forge({ typ: 'JWT' })}`), authDetails.type);
    });

    it('rejects a tampered token', async () => {
      const [header, payload, signature] = (await forge()).split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      const elevated = Buffer.from(JSON.stringify({ ...claims, roles: ['hospital_system'] })).toString(
        'base64url',
      );
      await expect401(await getMe(`Bearer ${header}.${elevated}.${signature}`), authDetails.invalid);
    });

    it('rejects a token signed by another key under our kid', async () => {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const token = await forge({ key: await exportJWK(privateKey) });
      await expect401(await getMe(`Bearer ${token}`), authDetails.invalid);
    });

    it('rejects a token that never expires', async () => {
      await expect401(await getMe(`Bearer ${await forge({ expiresAt: null })}`), authDetails.invalid);
    });

    it('rejects garbage', async () => {
      await expect401(await getMe('Bearer not.a.token'), authDetails.invalid);
    });

    it('rejects a valid token whose user no longer exists', async () => {
      await expect401(await getMe(`Bearer ${await forge({ sub: 'usr_gone' })}`), authDetails.unknownUser);
    });
  });

  describe("the caller's user, reused for AUTH_USER_CACHE_SECONDS", () => {
    it('sees a change to the user, and its removal, once the time is up', async () => {
      let clock = 0;
      const authenticate = createAuthenticator({ config, db: database.db, now: () => clock });
      const token = await forge({ sub: 'usr_demo_er_doctor' });
      const callerOf = async () => {
        const request = { headers: { authorization: `Bearer ${token}` } } as FastifyRequest;
        await authenticate(request);
        return request.caller;
      };
      expect(config.authUserCacheSeconds).toBe(5);
      expect((await callerOf())?.displayName).toBe('Dr Dana Okafor');

      await database.db.query(
        "update users set display_name = 'Dr Dana Okafor-Smith' where id = 'usr_demo_er_doctor'",
      );
      try {
        clock += 4_999;
        expect((await callerOf())?.displayName).toBe('Dr Dana Okafor');
        clock += 1;
        expect((await callerOf())?.displayName).toBe('Dr Dana Okafor-Smith');
      } finally {
        await database.db.query(
          "update users set display_name = 'Dr Dana Okafor' where id = 'usr_demo_er_doctor'",
        );
      }

      // A removed user: refused once the time is up (a copy, so the demo users stay for the other tests).
      await database.db.query(
        `insert into users (id, email, display_name, password_hash, roles, hospital_system_id, hospital_id,
           specialty_types, force_change_password_next_sign_in)
         select 'usr_leaving', 'leaving@demo.test', display_name, password_hash, roles, hospital_system_id,
           hospital_id, specialty_types, false
         from users where id = 'usr_demo_er_doctor'`,
      );
      const leaving = await forge({ sub: 'usr_leaving' });
      const request = () => ({ headers: { authorization: `Bearer ${leaving}` } }) as FastifyRequest;
      await authenticate(request());
      await database.db.query("delete from users where id = 'usr_leaving'");
      await authenticate(request());
      clock += 5_000;
      await expect(authenticate(request())).rejects.toMatchObject({
        statusCode: 401,
        message: authDetails.unknownUser,
      });
    });
  });
});
