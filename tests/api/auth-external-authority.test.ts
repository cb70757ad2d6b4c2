import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authDetails } from '../../server/src/auth/authenticate.ts';
import type { User } from '../../generated/types.gen.ts';
import {
  identityTestConfig,
  openTestDatabase,
  startApp,
  type RunningApp,
  type TestDatabase,
} from './support/identity-harness.ts';
import { forEachDatabase } from './support/databases.ts';

// An external authority such as Entra ID: its own keys behind its discovery document, its own subject
// identifiers, access tokens typed JWT; users known by the immutable tenant and object ids (tid, oid), the
// asserted email binding an account to them once, at its first sign-in.

// As with Entra's v1 endpoints, the tokens' issuer is not the authority URL: discovery says which it is.
const TOKEN_ISSUER = 'https://sts.example.test/3f1c2a9e-tenant/';
const TENANT = '3f1c2a9e-0000-4000-8000-000000000001';
const DOCTOR_OID = '7b0f6c2e-1111-4000-8000-00000000d0c7';
const OTHER_OID = '9c1e7d3f-2222-4000-8000-00000000bad0';
let authority: Server;
let issuer: string;
let privateKey: CryptoKey;
let publicJwk: JWK;
let discoveryRequests = 0;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'entra-key-1', alg: 'RS256', use: 'sig' };
  authority = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/tenant/v2.0/.well-known/openid-configuration') {
      discoveryRequests += 1;
      response.end(JSON.stringify({ issuer: TOKEN_ISSUER, jwks_uri: `${issuer}/keys` }));
    } else if (request.url === '/tenant/v2.0/keys') {
      response.end(JSON.stringify({ keys: [publicJwk] }));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => authority.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(authority.address() as AddressInfo).port}/tenant/v2.0`;
});

afterAll(async () => {
  await new Promise((resolve) => authority.close(resolve));
});

forEachDatabase((_name, open) => {
  let database: TestDatabase;
  let running: RunningApp;
  let config: ReturnType<typeof identityTestConfig>;

  beforeAll(async () => {
    config = identityTestConfig({ AUTH_AUTHORITY: issuer, AUTH_API_AUDIENCE: 'api://case-router-entra' });
    database = await openTestDatabase(open);
    running = await startApp(config, database.db);
  });

  afterAll(async () => {
    await running.close();
    await database.close();
  });

  function entraToken(
    claims: Record<string, unknown>,
    audience = 'api://case-router-entra',
  ): Promise<string> {
    return new SignJWT({ roles: ['er_doctor'], ...claims })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'entra-key-1' })
      .setSubject('AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
  }

  function getMe(token: string): Promise<Response> {
    return fetch(`${running.baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
  }

  describe('an external authority', () => {
    it('mounts no embedded provider', async () => {
      const response = await fetch(`${running.baseUrl}/oidc/.well-known/openid-configuration`);
      expect(response.status).toBe(404);
    });

    it('verifies against the keys its discovery names; the first sign-in binds the account by its email', async () => {
      const response = await getMe(
        await entraToken({ tid: TENANT, oid: DOCTOR_OID, preferred_username: 'ER_Doctor@demo.test' }),
      );
      expect(response.status).toBe(200);
      const me = (await response.json()) as User;
      expect(me).toMatchObject({ id: 'usr_demo_er_doctor', roles: ['er_doctor'] });
      expect(discoveryRequests).toBeGreaterThan(0);
      const [bound] = await database.db.query<{ external_tenant_id: string; external_object_id: string }>(
        'select external_tenant_id, external_object_id from users where id = $1',
        ['usr_demo_er_doctor'],
      );
      expect(bound).toEqual({ external_tenant_id: TENANT, external_object_id: DOCTOR_OID });
      const audited = await database.db.query<{ action: string }>(
        'select action from admin_audit_events where target_id = $1',
        ['usr_demo_er_doctor'],
      );
      expect(audited.map((row) => row.action)).toContain('user.external_identity_bound');
    });

    it('then knows the user by tid and oid alone: a renamed account is found, another identity is no one', async () => {
      const renamed = await getMe(
        await entraToken({ tid: TENANT, oid: DOCTOR_OID, preferred_username: 'dr.renamed@demo.test' }),
      );
      expect(renamed.status).toBe(200);
      expect(((await renamed.json()) as User).id).toBe('usr_demo_er_doctor');
      // Someone whose upn or email was set to the doctor's: not the doctor.
      const impostor = await getMe(
        await entraToken({
          tid: TENANT,
          oid: OTHER_OID,
          email: 'er_doctor@demo.test',
          upn: 'er_doctor@demo.test',
        }),
      );
      expect(impostor.status).toBe(401);
      expect(await impostor.json()).toEqual({ detail: authDetails.unknownUser });
      // The same object id in another tenant is another person.
      const elsewhere = await getMe(
        await entraToken({ tid: 'another-tenant', oid: DOCTOR_OID, email: 'er_doctor@demo.test' }),
      );
      expect(elsewhere.status).toBe(401);
    });

    it('refuses a token without tid and oid, a user it cannot match, and a token for another audience', async () => {
      const anonymous = await getMe(await entraToken({ email: 'er_doctor@demo.test' }));
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ detail: authDetails.noExternalIdentity });
      const stranger = await getMe(
        await entraToken({ tid: TENANT, oid: 'stranger-oid', email: 'stranger@elsewhere.test' }),
      );
      expect(stranger.status).toBe(401);
      expect(await stranger.json()).toEqual({ detail: authDetails.unknownUser });
      const other = await getMe(
        await entraToken(
          { tid: TENANT, oid: DOCTOR_OID, email: 'er_doctor@demo.test' },
          'api://someone-else',
        ),
      );
      expect(other.status).toBe(401);
      expect(await other.json()).toEqual({ detail: authDetails.audience });
    });
  });
});
