// Two API processes on one PostgreSQL database behind a round-robin proxy, as the product grows beyond one
// machine: a change made through one process reaches the event streams of the other (LISTEN/NOTIFY), 50
// accepts at once over both give exactly one winner, both timer workers share the due escalations and each
// runs once, and a deactivation made through one process is in force on the other at the next request.
// Runs only with DATABASE_URL (a database of its own per run, dropped afterwards).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case } from '../../generated/types.gen.ts';
import { authDetails } from '../../server/src/auth/authenticate.ts';
import { DOCTOR, HOSPITAL_ADMIN, NEURO_3, NEURO_PRIMARY, neurologyCase } from '../api/support/cases-app.ts';
import { call, openEventStream, signerFor, type Signer } from './support/client.ts';
import { freshPostgres, postgresUrl, type FreshPostgres } from './support/databases.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './support/round-robin-proxy.ts';
import { pollUntil, startServerProcess, type ServerProcess } from './support/server-process.ts';

const PORTS = { a: 9410, b: 9411, proxy: 9412 };
const ACCEPTS = 50;
const ESCALATING_CASES = 12;

describe.skipIf(postgresUrl === undefined)('two API processes on one PostgreSQL', () => {
  let database: FreshPostgres;
  let dataDir: string;
  let processes: ServerProcess[] = [];
  let proxy: RoundRobinProxy;
  let sign: Signer;
  let doctor: string;

  beforeAll(async () => {
    database = await freshPostgres(postgresUrl ?? '');
    dataDir = mkdtempSync(join(tmpdir(), 'case-router-two-'));
    sign = signerFor(database.jwk);
    doctor = await sign(DOCTOR, ['er_doctor']);
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      // Emergent cases escalate after a second, and both workers look every 50 ms: they race for each case.
      CASE_ACK_SECONDS_EMERGENT: '1',
      CASE_TIMER_TICK_MS: '50',
      LOG_LEVEL: 'warn',
    };
    // Started together: the migrations' advisory lock and the idempotent start-up allow it.
    processes = await Promise.all([PORTS.a, PORTS.b].map((port) => startServerProcess({ port, env })));
    proxy = await startRoundRobinProxy(
      PORTS.proxy,
      processes.map((server) => server.url),
    );
  });

  afterAll(async () => {
    await proxy.close();
    await Promise.all(processes.map((server) => server.stop('SIGTERM')));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const createCase = (urgency: 'emergent' | 'routine', key: string) =>
    call<Case>(proxy.url, doctor, 'POST', '/cases', neurologyCase({ urgency }), { 'idempotency-key': key });

  it('delivers a case created through one process to a specialist’s stream held by the other', async () => {
    const stream = await openEventStream(proxy.url, await sign(NEURO_PRIMARY, ['specialist']));
    const created = await createCase('routine', `two-stream-${Date.now()}`);

    expect(created.status).toBe(201);
    // The proxy alternates: the stream is held by one process, the case was created through the other.
    expect(created.headers.get('x-backend')).not.toBe(stream.headers.get('x-backend'));
    const offered = await stream.next((event) => event['caseId'] === created.body.id);
    expect(offered).toMatchObject({ type: 'notification', notification: { kind: 'case_offered' } });
    stream.close();
  });

  it(`gives ${ACCEPTS} simultaneous accepts over both processes exactly one 200, and 409 to the rest`, async () => {
    const created = await createCase('routine', `two-accept-${Date.now()}`);
    const specialist = await sign(NEURO_PRIMARY, ['specialist']);

    const answers = await Promise.all(
      Array.from({ length: ACCEPTS }, () =>
        call<Case>(proxy.url, specialist, 'POST', `/cases/${created.body.id}/accept`),
      ),
    );

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(ACCEPTS - 1);
    expect(new Set(answers.map((answer) => answer.headers.get('x-backend')))).toEqual(new Set(['0', '1']));
    const accepted = await database.db.query(
      `select kind from case_events where case_id = $1 and kind = 'accepted'`,
      [created.body.id],
    );
    expect(accepted).toHaveLength(1);
  });

  it('runs each due escalation exactly once across the two timer workers', async () => {
    const ids: string[] = [];
    for (let index = 0; index < ESCALATING_CASES; index += 1) {
      const created = await createCase('emergent', `two-escalate-${Date.now()}-${index}`);
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }

    // Primary, then backup, then every neurologist: two escalations per case, the last step without a timer.
    await pollUntil(
      async () => {
        const [row] = await database.db.query<{ waiting: number }>(
          'select count(*)::int8 as waiting from cases where id = any($1) and ack_due_at is not null',
          [ids],
        );
        return row?.waiting === 0;
      },
      'every escalation to have run',
      60_000,
      100,
    );

    const escalations = await database.db.query<{ case_id: string; from_step: string; count: number }>(
      `select case_id, data->>'from' as from_step, count(*)::int8 as count from case_events
       where case_id = any($1) and kind = 'escalated' group by case_id, data->>'from'`,
      [ids],
    );
    expect(escalations).toHaveLength(ESCALATING_CASES * 2);
    expect(escalations.filter((row) => row.count !== 1)).toEqual([]);
    const audited = await database.db.query<{ count: number }>(
      `select count(*)::int8 as count from audit_events where case_id = any($1) and action = 'case.escalate'`,
      [ids],
    );
    expect(audited[0]?.count).toBe(ESCALATING_CASES * 2);
    // One notification per user and escalation step (its text names the step): none written twice.
    const duplicateNotifications = await database.db.query(
      `select case_id, user_id, kind, action, count(*) from notifications where case_id = any($1)
       group by case_id, user_id, kind, action having count(*) > 1`,
      [ids],
    );
    expect(duplicateNotifications).toEqual([]);
  });

  it('holds a deactivation made through one process on the other at the very next request', async () => {
    const target = await sign(NEURO_3, ['specialist']);
    const admin = await sign(HOSPITAL_ADMIN, ['hospital']);
    const [a, b] = processes;
    if (!a || !b) throw new Error('two processes expected');
    // B has just read the user (and keeps them for AUTH_USER_CACHE_SECONDS).
    expect((await call(b.url, target, 'GET', '/me')).status).toBe(200);
    const [user] = await database.db.query<{ version: number }>('select version from users where id = $1', [
      NEURO_3,
    ]);

    const change = await call(a.url, admin, 'PATCH', `/users/${NEURO_3}`, {
      version: user?.version,
      active: false,
    });
    expect(change.status).toBe(200);
    const next = await call(b.url, target, 'GET', '/me');

    expect(next.status).toBe(401);
    expect(next.body).toEqual({ detail: authDetails.deactivated });
  });
});
