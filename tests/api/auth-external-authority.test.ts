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
// identifiers, users matched by the email it asserts, access tokens typed JWT.

// As with Entra's v1 endpoints, the tokens' issuer is not the authority URL: discovery says which it is.
const TOKEN_ISSUER = 'https://sts.example.test/3f1c2a9e-tenant/';
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

    it('verifies against the keys its discovery names and finds the user by the asserted email', async () => {
      const response = await getMe(await entraToken({ preferred_username: 'ER_Doctor@demo.test' }));
      expect(response.status).toBe(200);
      const me = (await response.json()) as User;
      expect(me).toMatchObject({ id: 'usr_demo_er_doctor', roles: ['er_doctor'] });
      expect(discoveryRequests).toBeGreaterThan(0);
    });

    it('refuses a user it cannot match, and a token for another audience', async () => {
      const stranger = await getMe(await entraToken({ email: 'stranger@elsewhere.test' }));
      expect(stranger.status).toBe(401);
      expect(await stranger.json()).toEqual({ detail: authDetails.unknownUser });
      const other = await getMe(await entraToken({ email: 'er_doctor@demo.test' }, 'api://someone-else'));
      expect(other.status).toBe(401);
      expect(await other.json()).toEqual({ detail: authDetails.audience });
    });
  });
});
