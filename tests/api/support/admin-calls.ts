// Calls to /api/v1 as a demo user with the roles the test names, for the administration suites:
//
//   const admin = caller(app, SYSTEM_ADMIN, ['hospital_system']);
//   const answer = await admin.put('/hospitals/hosp_sgh', body);
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import type { Error as ApiError } from '../../../generated/types.gen.ts';
import { loadSigningKey } from '../../../server/src/identity/keys.ts';

export const SYSTEM_ADMIN = 'usr_demo_hospital_system';

async function tokenWithRoles(app: FastifyInstance, userId: string, roles: readonly string[]) {
  const jwk = await loadSigningKey(app.db);
  const { identity } = app.config;
  return new SignJWT({ roles: [...roles], scope: identity.apiScope })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', ...(jwk.kid ? { kid: jwk.kid } : {}) })
    .setIssuer(identity.issuer)
    .setAudience(identity.apiAudience)
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(await importJWK(jwk, 'RS256'));
}

export interface Reply<T> {
  readonly status: number;
  readonly body: T;
}

export function caller(app: FastifyInstance, userId: string, roles: readonly string[]) {
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Reply<T>> => {
    const response = await app.inject({
      method,
      url: `/api/v1${path}`,
      headers: {
        authorization: `Bearer ${await tokenWithRoles(app, userId, roles)}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: response.statusCode, body: response.json<T>() };
  };
  return {
    get: <T = ApiError>(path: string) => call<T>('GET', path),
    post: <T = ApiError>(path: string, body: unknown) => call<T>('POST', path, body),
    put: <T = ApiError>(path: string, body: unknown) => call<T>('PUT', path, body),
  };
}
