// The authorization matrix: every operation of the bundled contract, called by every role (and anonymously),
// on a target of each relation to the caller: its own (a case it opened or was offered), another of its
// hospital, one of another hospital of its system, one of another hospital system, and one that does not
// exist. Every answer is compared with the table kept in tests/api/authorization-matrix.json, and whatever
// the table says, nothing leaks:
//   - nothing answers 5xx;
//   - a target of another hospital system answers exactly as a target that does not exist (status and body);
//   - for a caller of one hospital, a case of another hospital answers exactly as a missing case does;
//   - no answer carries an id of another hospital system's case, user, hospital, specialty or shift, nor (to a
//     caller of one hospital) another hospital's case.
// One app on one seeded database (PGlite, and PostgreSQL when DATABASE_URL is set).
// Operations added to the contract are called without a change here; their row must be added to the table
// (UPDATE_AUTHORIZATION_MATRIX=1 writes the table from what the server answers, to be reviewed as a diff).
// The roles, scopes, operations and the other hospital system's fixtures are in
// tests/api/support/authorization-matrix.ts; this file seeds the targets, calls every cell and compares.
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment, Case } from '../../generated/types.gen.ts';
import type { Database } from '../../server/src/db/database.ts';
import {
  type Answer,
  copyRow,
  NO_TARGET,
  type Operation,
  operations,
  OTHER,
  pngBytes,
  type Role,
  ROLES,
  type Scope,
  SCOPES,
  seedOtherSystem,
  SYSTEM_ROLES,
  type Targets,
} from './support/authorization-matrix.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  NEURO_1,
  NEURO_2,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  OTHER_DOCTOR,
  RVG_DOCTOR,
  RVG_NEURO_1,
  seedCasesDatabase,
  setOnCall,
  SGH,
  tokenFor,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

const MATRIX_FILE = join(import.meta.dirname, 'authorization-matrix.json');

forEachDatabase((_name, openDatabase) => {
  describe('the authorization matrix', () => {
    let app: FastifyInstance;
    let db: Database;
    let baseUrl: string;
    const callers = new Map<Role, string>();
    const tokens = new Map<Role, string>();
    let targets: Targets;
    /** Ids no caller may ever be shown: another system's; and, to a caller of one hospital, another's case. */
    let otherSystemIds: string[];
    let otherHospitalCase: string;
    let png: Buffer;

    beforeAll(async () => {
      db = await openDatabase();
      await seedCasesDatabase(db);
      app = await buildCasesApp({
        db,
        env: {
          RATE_LIMIT_PER_USER: '1000000',
          RATE_LIMIT_PER_ADDRESS: '1000000',
          EVENT_STREAMS_PER_USER: '100',
        },
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      png = await pngBytes();

      // One caller per role, at St George's (or of its system).
      const users = await db.query<{ id: string; roles: string[]; hospital_id: string | null }>(
        `select id, roles, hospital_id from users where starts_with(id, 'usr_demo_') and active
       and (hospital_id = $1 or hospital_id is null) order by id`,
        [SGH],
      );
      const byRole = (role: string) =>
        users.find((user) => user.roles.length === 1 && user.roles[0] === role)?.id;
      for (const role of ROLES) {
        if (role === 'anonymous') continue;
        const id =
          role === 'er_doctor'
            ? DOCTOR
            : role === 'specialist'
              ? NEURO_PRIMARY
              : role === 'no_role'
                ? users.find((user) => user.roles.length === 0)?.id
                : byRole(role);
        if (id === undefined) throw new Error(`No demo user has the role ${role}`);
        callers.set(role, id);
        tokens.set(role, await tokenFor(app, id));
      }

      // Cases: the doctor's own (offered to the on-call neurologist, the specialist caller), another doctor's of
      // St George's offered to another neurologist, and one of Riverside.
      const open = async (doctor: string, hospital = 'sgh') => {
        const answers = {
          [`tq_${hospital}_neurology_onset`]: new Date(Date.now() - 40 * 60_000).toISOString(),
          [`tq_${hospital}_neurology_nihss`]: 9,
          [`tq_${hospital}_neurology_anticoagulated`]: true,
        };
        const body = neurologyCase({ triageAnswers: answers });
        const opened = await as(app, doctor).post<Case>('/cases', body, {
          'idempotency-key': newKey(),
        });
        if (opened.status !== 201) throw new Error(`A case was not opened: ${JSON.stringify(opened.body)}`);
        return opened.body;
      };
      await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: null });
      const own = { body: await open(DOCTOR) };
      await setOnCall(db, 'spc_neurology', { primary: NEURO_2, backup: null });
      const sameHospital = await open(OTHER_DOCTOR);
      const otherHospital = await open(RVG_DOCTOR, 'rvg');
      const sghShift = 'shf_test_spc_neurology';
      const rvgShift = 'shf_authz_rvg';
      await db.query(
        `insert into on_call_shifts (id, hospital_id, specialty_id, starts_at, ends_at, primary_id)
       values ($1, 'hosp_rvg', 'spc_neurology', $2, $3, $4)`,
        [rvgShift, '2030-01-01T08:00:00Z', '2030-01-01T20:00:00Z', RVG_NEURO_1],
      );
      otherHospitalCase = otherHospital.id;
      await seedOtherSystem(db, otherHospital.id, rvgShift);

      // Attachments: one uploaded to the own case; the same file recorded on each other case.
      const attachment = await as(app, DOCTOR).post<Attachment>(
        `/cases/${own.body.id}/attachments?fileName=scan.png`,
        png,
        { 'content-type': 'image/png' },
      );
      if (attachment.status !== 201) throw new Error(`The attachment was not stored: ${attachment.status}`);
      const attachmentIds: Record<string, string> = {};
      for (const [scope, caseId, uploader] of [
        ['same_hospital', sameHospital.id, DOCTOR],
        ['other_hospital', otherHospital.id, RVG_DOCTOR],
        ['other_system', OTHER.case, OTHER.doctor],
      ] as const) {
        attachmentIds[scope] = scope === 'other_system' ? OTHER.attachment : `att_authz_${scope}`;
        await copyRow(db, 'attachments', attachment.body.id, {
          id: attachmentIds[scope],
          case_id: caseId,
          uploaded_by: uploader,
        });
      }
      // Time off: of a St George's neurologist, a Riverside one, and the other system's.
      const timeOff = { own: 'tof_authz_sgh', other_hospital: 'tof_authz_rvg', other_system: OTHER.timeOff };
      for (const [id, userId] of [
        [timeOff.own, NEURO_1],
        [timeOff.other_hospital, RVG_NEURO_1],
        [timeOff.other_system, OTHER.specialist],
      ] as const) {
        await db.query(
          `insert into specialist_time_off (id, user_id, starts_on, ends_on, note) values ($1, $2, $3, $4, '')`,
          [id, userId, '2030-01-01', '2030-01-02'],
        );
      }

      // Push devices: the same device id for every caller (their own), and one each of a St George's
      // neurologist, a Riverside one and the other system's. Their endpoints are documentation addresses,
      // which the SSRF guard refuses before any request leaves.
      const devices = {
        own: 'dev_authz_own_device_01',
        same_hospital: 'dev_authz_sgh_device_01',
        other_hospital: 'dev_authz_rvg_device_01',
        other_system: 'dev_authz_oth_device_01',
      };
      for (const [id, userId] of [
        ...[...new Set(callers.values())].map((userId) => [devices.own, userId] as const),
        [devices.same_hospital, NEURO_1],
        [devices.other_hospital, RVG_NEURO_1],
        [devices.other_system, OTHER.specialist],
      ] as const) {
        await db.query(
          `insert into push_devices (id, user_id, endpoint, p256dh, auth, label, created_at, updated_at)
           values ($1, $2, $3, 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', 'tBHItJI5svbpez7KI4CCXg', 'Phone', now(), now())`,
          [id, userId, `https://203.0.113.7/push/${id}/${userId}`],
        );
      }

      const scoped = (
        own: string,
        sameHospitalId: string,
        other: string,
        system: string,
        missing: string,
      ) => ({
        own,
        same_hospital: sameHospitalId,
        other_hospital: other,
        other_system: system,
        missing,
      });
      targets = {
        caseId: scoped(own.body.id, sameHospital.id, otherHospital.id, OTHER.case, 'cas_authz_missing'),
        attachmentId: scoped(
          attachment.body.id,
          attachmentIds['same_hospital'] ?? '',
          attachmentIds['other_hospital'] ?? '',
          OTHER.attachment,
          'att_authz_missing',
        ),
        // People and things of one hospital: "own" is the caller's hospital's too.
        userId: scoped(NEURO_1, NEURO_1, RVG_NEURO_1, OTHER.specialist, 'usr_authz_missing'),
        specialistId: scoped(NEURO_1, NEURO_1, RVG_NEURO_1, OTHER.specialist, 'usr_authz_missing'),
        hospitalId: scoped(SGH, SGH, 'hosp_rvg', OTHER.hospital, 'hosp_authz_missing'),
        shiftId: scoped(sghShift, sghShift, rvgShift, OTHER.shift, 'shf_authz_missing'),
        // Specialties belong to the system: the system's own, or another system's.
        specialtyId: scoped(
          'spc_neurology',
          'spc_neurology',
          'spc_neurology',
          OTHER.specialty,
          'spc_authz_missing',
        ),
        deviceId: scoped(
          devices.own,
          devices.same_hospital,
          devices.other_hospital,
          devices.other_system,
          'dev_authz_missing_00001',
        ),
        timeOffId: scoped(
          timeOff.own,
          timeOff.own,
          timeOff.other_hospital,
          timeOff.other_system,
          'tof_authz_missing',
        ),
      };
      otherSystemIds = Object.values(OTHER).filter((id) => id !== OTHER.system);
    });

    afterAll(async () => {
      await app.close();
    });

    let subscriptions = 0;
    /**
     * The operation's example; a subscription gets an endpoint of its own, as each browser has (a public
     * address: subscribing sends nothing to it).
     */
    function bodyFor(operation: Operation): unknown {
      const example = operation.jsonExample ?? {};
      if (operation.operationId !== 'subscribeMyDevice') return example;
      subscriptions += 1;
      return { ...example, endpoint: `https://93.184.215.14/push/subscription-${subscriptions}` };
    }

    async function call(operation: Operation, role: Role, scope: Scope | typeof NO_TARGET): Promise<Answer> {
      let path = operation.path;
      for (const name of operation.pathParameters) {
        const value =
          name === 'token'
            ? 'cal_' + 'x'.repeat(40)
            : scope === NO_TARGET
              ? ''
              : (targets[name]?.[scope] ?? '');
        if (value === '') throw new Error(`No ${scope} target for ${name} of ${operation.operationId}`);
        path = path.replace(`{${name}}`, encodeURIComponent(value));
      }
      const query = new URLSearchParams(operation.query).toString();
      const url = `/api/v1${path}${query === '' ? '' : `?${query}`}`;
      const token = tokens.get(role);
      const headers: Record<string, string> = {
        ...operation.headers,
        ...(operation.headers['idempotency-key'] === undefined ? {} : { 'idempotency-key': newKey() }),
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      };
      if (operation.streams) {
        // An event stream never ends by itself: its status and headers are the answer.
        const controller = new AbortController();
        const response = await fetch(`${baseUrl}${url}`, { headers, signal: controller.signal });
        const body = response.ok ? '' : await response.text();
        controller.abort();
        return { status: response.status, body };
      }
      const withBody = operation.method !== 'GET' && operation.method !== 'DELETE';
      const payload = operation.binary ? png : withBody ? JSON.stringify(bodyFor(operation)) : undefined;
      const response = await app.inject({
        method: operation.method as 'GET',
        url,
        headers: {
          ...headers,
          ...(payload === undefined
            ? {}
            : { 'content-type': operation.binary ? 'image/png' : 'application/json' }),
        },
        ...(payload === undefined ? {} : { payload }),
      });
      return { status: response.statusCode, body: response.body };
    }

    it('answers every cell as the table says, and leaks nothing', async () => {
      const observed: Record<string, Record<string, Record<string, number>>> = {};
      const leaks: string[] = [];
      for (const operation of operations()) {
        const row: Record<string, Record<string, number>> = {};
        const targeted = operation.pathParameters.some((name) => name !== 'token');
        for (const role of ROLES) {
          const cells: Record<string, number> = {};
          const answers = new Map<string, Answer>();
          for (const scope of targeted ? SCOPES : ([NO_TARGET] as const)) {
            const answer = await call(operation, role, scope);
            answers.set(scope, answer);
            cells[scope] = answer.status;
            const where = `${operation.operationId} as ${role} on ${scope}`;
            if (answer.status >= 500) leaks.push(`${where}: ${answer.status}`);
            if (answer.status < 300) {
              for (const id of otherSystemIds) {
                if (answer.body.includes(id)) leaks.push(`${where}: shows ${id} of another hospital system`);
              }
              if (!SYSTEM_ROLES.has(role) && answer.body.includes(otherHospitalCase)) {
                leaks.push(`${where}: shows ${otherHospitalCase} of another hospital`);
              }
            }
          }
          // A device id names one of the caller's own devices (subscribing under a new id makes one): another
          // user's id is, to the caller, one of theirs, so it answers as their own would, never as the other's.
          if (targeted && !operation.pathParameters.includes('deviceId')) {
            const missing = answers.get('missing');
            const same = (scope: Scope) =>
              answers.get(scope)?.status === missing?.status && answers.get(scope)?.body === missing?.body;
            if (!same('other_system')) {
              leaks.push(
                `${operation.operationId} as ${role}: another system's target answers ${answers.get('other_system')?.status}, a missing one ${missing?.status}`,
              );
            }
            if (
              operation.pathParameters.includes('caseId') &&
              !SYSTEM_ROLES.has(role) &&
              !same('other_hospital')
            ) {
              leaks.push(
                `${operation.operationId} as ${role}: another hospital's case answers ${answers.get('other_hospital')?.status}, a missing one ${missing?.status}`,
              );
            }
          }
          row[role] = cells;
        }
        observed[operation.operationId] = row;
      }

      if (process.env['UPDATE_AUTHORIZATION_MATRIX'] === '1') {
        writeFileSync(
          MATRIX_FILE,
          `${JSON.stringify({ roles: ROLES, scopes: [...SCOPES, NO_TARGET], operations: observed }, null, 2)}\n`,
        );
      }
      expect(leaks).toEqual([]);
      const expected = JSON.parse(readFileSync(MATRIX_FILE, 'utf8')) as {
        operations: Record<string, Record<string, Record<string, number>>>;
      };
      // Every operation of the contract has its row, and every row its operation.
      expect(Object.keys(observed).sort()).toEqual(Object.keys(expected.operations).sort());
      for (const [operationId, row] of Object.entries(observed)) {
        expect({ [operationId]: row }).toEqual({ [operationId]: expected.operations[operationId] });
      }
    });
  });
});
