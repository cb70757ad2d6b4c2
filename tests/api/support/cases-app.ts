// A Case Router app for the cases API tests: migrated, with the demo organisation, the demo users and the
// demo cases data, answering through app.inject() or (for event streams) on a loopback port.
//
//   const app = await buildCasesApp({ db: await open() });
//   const response = await as(app, DOCTOR).post('/cases', body, { 'idempotency-key': 'k-1' });
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import type { Error as ApiError } from '../../../generated/types.gen.ts';
import { buildApp } from '../../../server/src/app.ts';
import type { CasesOptions } from '../../../server/src/cases-runtime.ts';
import { loadConfig } from '../../../server/src/config.ts';
import type { Database } from '../../../server/src/db/database.ts';
import { migrate } from '../../../server/src/db/migrate.ts';
import { seedDemoOrganisation } from '../../../server/src/demo/organisation.ts';
import { seedDemoCases } from '../../../server/src/demo/seed.ts';
import { seedDemoUsers } from '../../../server/src/demo/users.ts';
import { loadSigningKey } from '../../../server/src/identity/keys.ts';
import { testEnv } from './app.ts';

// Demo users (server/src/demo/users.ts), all at St George's unless named otherwise.
export const DOCTOR = 'usr_demo_er_doctor';
export const OTHER_DOCTOR = 'usr_demo_mustchange';
export const ER_STAFF = 'usr_demo_emergency_room';
export const ER_ADMIN = 'usr_demo_emergency_room_admin';
export const HOSPITAL_ADMIN = 'usr_demo_hospital';
export const NEURO_PRIMARY = 'usr_demo_specialist';
export const NEURO_1 = 'usr_demo_sgh_neurology_1';
export const NEURO_2 = 'usr_demo_sgh_neurology_2';
export const NEURO_3 = 'usr_demo_sgh_neurology_3';
export const CARDIO_1 = 'usr_demo_sgh_cardiology_1';
export const RVG_DOCTOR = 'usr_demo_rvg_er_doctor';
export const RVG_NEURO_1 = 'usr_demo_rvg_neurology_1';
export const SGH = 'hosp_sgh';

export interface CasesAppOptions {
  readonly db: Database;
  readonly cases?: CasesOptions;
  /** Seed the demo cases data (shifts, questions, 50 past cases per hospital); default true. */
  readonly demoCases?: boolean;
  /** Leave the database open when the app closes (a restart test reopens an app on it). */
  readonly keepDatabase?: boolean;
  readonly now?: Date;
  /** Environment variables on top of the test environment (limits, proxies). */
  readonly env?: NodeJS.ProcessEnv;
  /** A logger of the test's own (to read what the server logs). */
  readonly logger?: FastifyBaseLogger;
  /** Serve HTTPS (HTTP/2 with HTTP/1.1 beside it) with this certificate, as `npm start` does. */
  readonly https?: { readonly cert: string; readonly key: string };
}

export async function seedCasesDatabase(
  db: Database,
  now: Date = new Date(),
  demoCases = true,
): Promise<void> {
  await migrate(db);
  const organisation = await seedDemoOrganisation(db);
  await seedDemoUsers(db, { password: 'Demo-password-2026', organisation });
  if (demoCases) await seedDemoCases(db, { organisation, passwordHash: null, now });
}

export async function buildCasesApp(options: CasesAppOptions): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'case-router-cases-'));
  const config = loadConfig(
    testEnv(dataDir, {
      DATABASE_URL: '',
      ...(process.env['CASES_TEST_LOG'] ? { LOG_LEVEL: 'error' } : {}),
      ...options.env,
    }),
  );
  const { db } = options;
  const app = await buildApp({
    config,
    db,
    cases: { worker: false, ...options.cases },
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.https ? { https: options.https } : {}),
  });
  app.addHook('onClose', async () => {
    if (options.keepDatabase !== true) await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await app.ready();
  return app;
}

const ROLES: Record<string, string> = {
  [DOCTOR]: 'er_doctor',
  [OTHER_DOCTOR]: 'er_doctor',
  [ER_STAFF]: 'emergency_room',
  [ER_ADMIN]: 'emergency_room_admin',
  [HOSPITAL_ADMIN]: 'hospital',
  [RVG_DOCTOR]: 'er_doctor',
};

/** An access token as the embedded provider issues it, with the user's own role (or the roles given). */
export async function tokenFor(
  app: FastifyInstance,
  userId: string,
  roles: readonly string[] = [ROLES[userId] ?? 'specialist'],
): Promise<string> {
  const jwk = await loadSigningKey(app.db);
  const { identity } = app.config;
  return new SignJWT({ roles, scope: identity.apiScope })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', ...(jwk.kid ? { kid: jwk.kid } : {}) })
    .setIssuer(identity.issuer)
    .setAudience(identity.apiAudience)
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(await importJWK(jwk, 'RS256'));
}

export interface Answer<T = unknown> {
  readonly status: number;
  readonly body: T;
  readonly headers: Record<string, unknown>;
  readonly raw: Buffer;
}

/** Calls /api/v1 as the user (or anonymously with null), with its own role or the roles given. */
export function as(app: FastifyInstance, userId: string | null, roles?: readonly string[]) {
  const call = async <T = ApiError>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> => {
    const authorization =
      userId === null ? {} : { authorization: `Bearer ${await tokenFor(app, userId, roles)}` };
    const binary = Buffer.isBuffer(body);
    const response = await app.inject({
      method,
      url: `/api/v1${path}`,
      headers: {
        ...authorization,
        ...(body === undefined
          ? {}
          : { 'content-type': binary ? 'application/octet-stream' : 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: binary ? body : JSON.stringify(body) }),
    });
    const type = response.headers['content-type'] ?? '';
    return {
      status: response.statusCode,
      body: (type.includes('json') ? response.json() : response.body) as T,
      headers: response.headers,
      raw: response.rawPayload,
    };
  };
  return {
    get: <T = ApiError>(path: string) => call<T>('GET', path),
    post: <T = ApiError>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('POST', path, body, headers),
  };
}

let keyCounter = 0;
export function newKey(): string {
  keyCounter += 1;
  return `test-key-${Date.now()}-${keyCounter}`;
}

/** A valid new neurology case at St George's, answering the demo triage questions. */
export function neurologyCase(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    specialtyId: 'spc_neurology',
    urgency: 'emergent',
    patient: { age: 67, sex: 'female', initials: 'JD' },
    doorTime: new Date(Date.now() - 20 * 60_000).toISOString(),
    chiefComplaint: 'Sudden left-sided weakness',
    clinicalSummary: 'Last known well 40 minutes ago.',
    vitals: { heartRate: 92, systolicBp: 178, gcs: 14 },
    triageAnswers: {
      tq_sgh_neurology_onset: new Date(Date.now() - 40 * 60_000).toISOString(),
      tq_sgh_neurology_nihss: 9,
      tq_sgh_neurology_anticoagulated: true,
    },
    ...overrides,
  };
}

/** Replaces the on-call shifts covering `at` for a specialty at St George's with one of our own. */
export async function setOnCall(
  db: Database,
  specialtyId: string,
  shift: { primary: string; backup: string | null } | null,
  at: Date = new Date(),
): Promise<void> {
  await db.query('delete from on_call_shifts where hospital_id = $1 and specialty_id = $2', [
    SGH,
    specialtyId,
  ]);
  if (shift === null) return;
  await db.query(
    `insert into on_call_shifts (id, hospital_id, specialty_id, starts_at, ends_at, primary_id, backup_id)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      `shf_test_${specialtyId}`,
      SGH,
      specialtyId,
      new Date(at.getTime() - 3_600_000).toISOString(),
      new Date(at.getTime() + 86_400_000).toISOString(),
      shift.primary,
      shift.backup,
    ],
  );
}
