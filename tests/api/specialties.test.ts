import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_SPECIALTIES } from '../../server/src/demo/organisation.ts';
import { loadSigningKey } from '../../server/src/identity/keys.ts';
import { buildTestApp } from './support/app.ts';
import { forEachDatabase } from './support/databases.ts';

// A token as the embedded provider issues it, signed with its own key, for a user inserted here.
async function accessTokenFor(app: FastifyInstance, userId: string): Promise<string> {
  const jwk = await loadSigningKey(app.db);
  const { identity } = app.config;
  return new SignJWT({ roles: ['er_doctor'], scope: identity.apiScope })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', ...(jwk.kid ? { kid: jwk.kid } : {}) })
    .setIssuer(identity.issuer)
    .setAudience(identity.apiAudience)
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(await importJWK(jwk, 'RS256'));
}

async function insertUser(app: FastifyInstance, id: string, hospitalSystemId: string): Promise<void> {
  await app.db.query(
    `insert into users (id, email, display_name, roles, hospital_system_id)
     values ($1, $2, 'Erin Doctor', '{er_doctor}', $3)`,
    [id, `${id}@demo.test`, hospitalSystemId],
  );
}

describe('GET /api/v1/specialties', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  forEachDatabase((_name, open) => {
    it("lists the caller's hospital system's specialties by name, and no other system's", async () => {
      app = await buildTestApp({ db: await open() });
      await app.db.query("insert into hospital_systems (id, name) values ('hs_other', 'Other Health')");
      await app.db.query(
        "insert into specialties (id, hospital_system_id, name) values ('spc_other', 'hs_other', 'Allergy')",
      );
      await insertUser(app, 'usr_test_doctor', 'hs_demo');

      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/specialties',
        headers: { authorization: `Bearer ${await accessTokenFor(app, 'usr_test_doctor')}` },
      });

      expect(response.statusCode).toBe(200);
      const { items } = response.json<{ items: { id: string; name: string }[] }>();
      expect(items.map((item) => item.name)).toEqual(
        [...DEMO_SPECIALTIES].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)),
      );
      expect(items).toContainEqual({ id: 'spc_cardiology', name: 'Cardiology' });
    });

    it('refuses a caller without a token', async () => {
      app = await buildTestApp({ db: await open() });

      const response = await app.inject({ method: 'GET', url: '/api/v1/specialties' });

      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Authentication required' });
    });
  });
});
