// Cases benchmarks, on PGlite and (when DATABASE_URL is set) on PostgreSQL, each with 100,000 cases in the
// database:
//   - create -> the offered specialist's event stream receives it: p50 and p99 over 200 cases;
//   - the case list at 50 connections for 10 s (autocannon, loopback): requests/s and p99, beside
//     (a) a bare Fastify route returning the same JSON and (b) a bare route running the same SQL raw;
//   - case creation at 10 connections for 10 s.
// `node bench/cases.ts` prints the figures as Markdown; runCasesBenchmarks() returns them (bench/run.ts). At the
// smoke size (`npm test`): 200 cases, 2 through the stream, each load 10 requests from 2 connections.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import { buildListQuery } from '../server/src/cases/case-queries.ts';
import { openPglite, type Database } from '../server/src/db/database.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { seedDemoOrganisation } from '../server/src/demo/organisation.ts';
import { seedDemoCases } from '../server/src/demo/seed.ts';
import { seedDemoUsers } from '../server/src/demo/users.ts';
import {
  benchConfig,
  listen,
  percentile,
  postgresSchema,
  tokenFor,
  type BenchResult,
  type BenchSize,
} from './support.ts';
import { takeEventFrames } from '../tests/support/event-frames.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  duration: number;
  non2xx: number;
  errors: number;
}

const ROOT = join(import.meta.dirname, '..');
// Runs autocannon's API in a child process: options travel as JSON (its command line reads brackets as
// nested arguments, which an Idempotency-Key template needs), and the load never shares our event loop.
const RUNNER = `
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon(JSON.parse(process.env.AUTOCANNON_OPTIONS));
  process.stdout.write(JSON.stringify(result));
`;

interface LoadOptions {
  readonly connections: number;
  readonly headers?: Record<string, string>;
  readonly method?: 'GET' | 'POST';
  readonly body?: string;
  /** Replace [<id>] in the request with a fresh id each time (distinct Idempotency-Keys). */
  readonly idReplacement?: boolean;
}

/** How long autocannon runs: for a time (seconds) or for a number of requests. */
type Span = { readonly duration: number } | { readonly amount: number };

interface CasesSize {
  readonly totalCases: number;
  readonly streamCases: number;
  readonly listConnections: number;
  readonly createConnections: number;
  /** Unmeasured first (JIT, plans, caches), then measured. */
  readonly warmUp?: Span;
  readonly measure: Span;
}

const SIZES: Record<BenchSize, CasesSize> = {
  full: {
    totalCases: 100_000,
    streamCases: 200,
    listConnections: 50,
    createConnections: 10,
    warmUp: { duration: 3 },
    measure: { duration: 10 },
  },
  smoke: {
    totalCases: 200,
    streamCases: 2,
    listConnections: 2,
    createConnections: 2,
    measure: { amount: 10 },
  },
};

const spanText = (span: Span): string =>
  'duration' in span ? `${span.duration} s` : `${span.amount} requests`;

async function load(url: string, size: CasesSize, options: LoadOptions): Promise<AutocannonResult> {
  if (size.warmUp) await cannon(url, options, size.warmUp);
  return cannon(url, options, size.measure);
}

function cannon(url: string, options: LoadOptions, span: Span): Promise<AutocannonResult> {
  const settings = { url, ...span, ...options };
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', RUNNER],
      {
        cwd: ROOT,
        env: { ...process.env, AUTOCANNON_OPTIONS: JSON.stringify(settings) },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout) => {
        if (error) reject(new Error(`autocannon failed: ${error.message}`));
        else resolve(JSON.parse(stdout) as AutocannonResult);
      },
    );
  });
}

const LIST_PATH = '/api/v1/cases?limit=50';
const DOCTOR = 'usr_demo_er_doctor';
const ER_STAFF = 'usr_demo_emergency_room';
const NEURO_PRIMARY = 'usr_demo_specialist';

interface Run {
  readonly label: string;
  readonly requestsPerSecond: number;
  readonly p99: number;
  readonly failures: number;
}

/** The cases (100,000 at full size) ten minutes apart, in one statement: the list and create run against a full table. */
export async function fillCases(db: Database, total: number): Promise<void> {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(
    'select count(*)::int as count from cases',
  );
  const missing = total - count;
  if (missing <= 0) return;
  // The rollups' insert trigger off for the bulk insert, then the rollups summed once, set-based.
  await db.exec(`
    alter table cases disable trigger insight_cases_inserted;
    insert into cases (id, hospital_id, case_number, display_number, specialty_id, urgency, status, patient_age,
      patient_sex, door_time, chief_complaint, opened_by, routing_step, created_at, updated_at, target_due_at)
    select 'cas_bench_' || n, 'hosp_sgh', 1000 + n, 'SGH-' || lpad((1000 + n)::text, 6, '0'),
      (array['spc_neurology', 'spc_cardiology', 'spc_orthopaedics', 'spc_general_surgery'])[1 + n % 4],
      (array['emergent', 'urgent', 'routine'])[1 + n % 3], 'closed', 20 + n % 70,
      (array['female', 'male'])[1 + n % 2],
      timestamptz '2024-11-22 00:00:00+00' + (n * interval '10 minutes') - interval '20 minutes',
      'Benchmark complaint ' || n, '${DOCTOR}', 'primary',
      timestamptz '2024-11-22 00:00:00+00' + (n * interval '10 minutes'),
      timestamptz '2024-11-22 00:00:00+00' + (n * interval '10 minutes'),
      -- Every case keeps the target it was opened under: the urgency's acknowledgement time by default.
      timestamptz '2024-11-22 00:00:00+00' + (n * interval '10 minutes')
        + (array[interval '5 minutes', interval '15 minutes', interval '1 hour'])[1 + n % 3]
    from generate_series(1, ${missing}) as n;
    update hospital_case_settings set last_case_number = 1000 + ${missing} + last_case_number
      where hospital_id = 'hosp_sgh';
    alter table cases enable trigger insight_cases_inserted;
    select insight_rebuild('hosp_sgh');
    analyze cases;`);
}

function runOf(label: string, result: AutocannonResult): Run {
  return {
    label,
    // A run of a few requests ends within its first second, before autocannon's first per-second sample.
    requestsPerSecond: Math.round(result.requests.average || result.requests.total / result.duration),
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

/** Create -> the on-call specialist's stream: from sending the request to receiving its notification. */
async function createToStream(
  base: string,
  doctorToken: string,
  specialistToken: string,
  cases: number,
): Promise<number[]> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/v1/events`, {
    headers: { authorization: `Bearer ${specialistToken}` },
    signal: controller.signal,
  });
  if (!response.body) throw new Error('no event stream');
  const waiting = new Map<string, (at: number) => void>();
  const early = new Map<string, number>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const reading = (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      const frames = takeEventFrames(buffer + value);
      buffer = frames.rest;
      for (const payload of frames.payloads) {
        const event = JSON.parse(payload) as { caseId?: string };
        if (event.caseId === undefined) continue;
        const resolve = waiting.get(event.caseId);
        if (resolve) resolve(performance.now());
        else if (!early.has(event.caseId)) early.set(event.caseId, performance.now());
      }
    }
  })();
  const body = JSON.stringify({
    specialtyId: 'spc_neurology',
    urgency: 'routine',
    patient: { age: 50, sex: 'male' },
    doorTime: new Date().toISOString(),
    chiefComplaint: 'Benchmark weakness',
    triageAnswers: {
      tq_sgh_neurology_onset: new Date().toISOString(),
      tq_sgh_neurology_nihss: 4,
      tq_sgh_neurology_anticoagulated: false,
    },
  });
  const latencies: number[] = [];
  for (let index = 0; index < cases; index += 1) {
    const started = performance.now();
    const created = await fetch(`${base}/api/v1/cases`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${doctorToken}`,
        'content-type': 'application/json',
        'idempotency-key': `bench-stream-${randomBytes(8).toString('hex')}`,
      },
      body,
    });
    const { id } = (await created.json()) as { id: string };
    // The event may arrive before the response does.
    const arrived =
      early.get(id) ??
      (await new Promise<number>((resolve) => {
        waiting.set(id, resolve);
        setTimeout(() => {
          resolve(Number.NaN);
        }, 10_000).unref();
      }));
    waiting.delete(id);
    latencies.push(arrived - started);
  }
  controller.abort();
  await reading;
  return latencies.sort((a, b) => a - b);
}

async function benchmarkOn(
  name: string,
  db: Database,
  rawPostgresUrl: string | undefined,
  size: CasesSize,
): Promise<BenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'case-router-bench-'));
  const config = benchConfig(dataDir);
  await migrate(db);
  const organisation = await seedDemoOrganisation(db);
  await seedDemoUsers(db, { password: 'Bench-password-2026', organisation });
  await seedDemoCases(db, { organisation, passwordHash: null });
  await db.query(
    `update on_call_shifts set primary_id = $1
     where hospital_id = 'hosp_sgh' and specialty_id = 'spc_neurology' and starts_at <= now() and ends_at > now()`,
    [NEURO_PRIMARY],
  );
  await fillCases(db, size.totalCases);

  const app = await buildApp({ config, db, cases: { worker: { tickMs: 1000 } } });
  const base = await listen(app);
  const staffToken = await tokenFor(app, ER_STAFF, 'emergency_room');
  const doctorToken = await tokenFor(app, DOCTOR, 'er_doctor');
  const specialistToken = await tokenFor(app, NEURO_PRIMARY, 'specialist');
  const lines: string[] = [];
  const faults: Record<string, number> = {};
  try {
    const stream = await createToStream(base, doctorToken, specialistToken, size.streamCases);
    const missed = stream.filter(Number.isNaN).length;
    const arrived = stream.filter((value) => !Number.isNaN(value));
    lines.push(
      `Create → the offered specialist's event stream, ${size.streamCases} cases one after another: ` +
        `p50 ${percentile(arrived, 50).toFixed(1)} ms, p99 ${percentile(arrived, 99).toFixed(1)} ms` +
        (missed > 0 ? `, ${missed} never arrived` : '') +
        '.',
      '',
    );
    faults[`${name}: cases that never reached the stream`] = missed;

    const headers = { authorization: `Bearer ${staffToken}` };
    const sample = await fetch(`${base}${LIST_PATH}`, { headers });
    const json = await sample.text();
    const runs: Run[] = [
      runOf(
        "API `GET /cases?limit=50` (JWT, the caller's user cached for 5 s, validation, prepared page + audit statement)",
        await load(`${base}${LIST_PATH}`, size, { connections: size.listConnections, headers }),
      ),
    ];

    const bare = Fastify();
    bare.get('/cases', (_request, reply) => reply.type('application/json').send(json));
    const bareBase = await listen(bare);
    runs.push(
      runOf(
        '(a) bare Fastify route, the same JSON',
        await load(`${bareBase}/cases`, size, { connections: size.listConnections }),
      ),
    );
    await bare.close();

    const { sql, params } = buildListQuery(
      {
        id: ER_STAFF,
        email: 'emergency_room@demo.test',
        displayName: 'Emma Reyes',
        roles: ['emergency_room'],
        hospitalSystemId: 'hs_demo',
        hospitalId: 'hosp_sgh',
        specialtyTypes: [],
      },
      { limit: 50 },
      { at: new Date(), address: '127.0.0.1' },
    );
    const pool =
      rawPostgresUrl === undefined ? undefined : new pg.Pool({ connectionString: rawPostgresUrl, max: 10 });
    const rawQuery = async (text: string, values: unknown[]): Promise<unknown[]> =>
      pool ? (await pool.query(text, values)).rows : db.query(text, values);
    const driver = pool ? 'pg' : 'PGlite';
    const raw = Fastify();
    // The API's statement: the page and its audit event in one.
    raw.get('/list', async () => {
      const rows = await rawQuery(sql, params);
      return { items: rows.slice(0, 50), nextCursor: null };
    });
    // Every statement a request sends when the caller's user is not cached: that user, then the same one.
    raw.get('/all', async () => {
      await rawQuery('select * from users where id = $1', [ER_STAFF]);
      const rows = await rawQuery(sql, params);
      return { items: rows.slice(0, 50), nextCursor: null };
    });
    const rawBase = await listen(raw);
    runs.push(
      runOf(
        `(b) bare route, the same SQL (page + audit), raw ${driver}`,
        await load(`${rawBase}/list`, size, { connections: size.listConnections }),
      ),
    );
    runs.push(
      runOf(
        `(b′) bare route, the user lookup of authentication + the same SQL, raw ${driver}`,
        await load(`${rawBase}/all`, size, { connections: size.listConnections }),
      ),
    );
    await raw.close();
    await pool?.end();

    const [api, , rawList, rawAll] = runs;
    const ratio = (other: Run | undefined) =>
      api && other ? (api.requestsPerSecond / other.requestsPerSecond).toFixed(2) : 'n/a';
    lines.push(
      `| case list, ${size.listConnections} connections, ${spanText(size.measure)} | req/s | p99 ms | failed |`,
      '|---|---|---|---|',
      ...runs.map((run) => `| ${run.label} | ${run.requestsPerSecond} | ${run.p99} | ${run.failures} |`),
      '',
      `API / (b): ${ratio(rawList)}; API / (b′): ${ratio(rawAll)}.`,
      '',
    );

    const createBody = JSON.stringify({
      specialtyId: 'spc_cardiology',
      urgency: 'urgent',
      patient: { age: 61, sex: 'female' },
      doorTime: new Date().toISOString(),
      chiefComplaint: 'Benchmark chest pain',
      triageAnswers: {
        tq_sgh_cardiology_pain_onset: new Date().toISOString(),
        tq_sgh_cardiology_st_elevation: false,
        tq_sgh_cardiology_killip: 'I',
      },
    });
    const creates = runOf(
      `\`POST /cases\`, ${size.createConnections} connections, ${spanText(size.measure)}`,
      await load(`${base}/api/v1/cases`, size, {
        connections: size.createConnections,
        method: 'POST',
        idReplacement: true,
        headers: {
          authorization: `Bearer ${doctorToken}`,
          'content-type': 'application/json',
          'idempotency-key': 'bench-[<id>]',
        },
        body: createBody,
      }),
    );
    lines.push(
      `Create with ${size.totalCases.toLocaleString('en')}+ cases in the table: ${creates.requestsPerSecond} req/s, p99 ${creates.p99} ms, ${creates.failures} failed.`,
    );
    for (const run of [...runs, creates]) faults[`${name}: failed, ${run.label}`] = run.failures;
  } finally {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { markdown: `### ${name}\n\n${lines.join('\n')}`, faults };
}

/** On PGlite, then on PostgreSQL when DATABASE_URL is set. */
export async function runCasesBenchmarks(size: BenchSize = 'full'): Promise<BenchResult> {
  const results: BenchResult[] = [];
  const pgliteDir = mkdtempSync(join(tmpdir(), 'case-router-bench-pglite-'));
  try {
    const db = await openPglite({ dataDir: pgliteDir });
    results.push(await benchmarkOn('PGlite', db, undefined, SIZES[size]));
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  const url = process.env['DATABASE_URL'] || undefined;
  if (url !== undefined) {
    const schema = await postgresSchema(url, 'bench');
    try {
      results.push(await benchmarkOn('PostgreSQL', schema.db, schema.rawUrl, SIZES[size]));
    } finally {
      await schema.drop();
    }
  }
  return {
    markdown: results.map((result) => result.markdown).join('\n\n'),
    faults: Object.assign({}, ...results.map((result) => result.faults)) as BenchResult['faults'],
  };
}

if (import.meta.main) {
  console.log((await runCasesBenchmarks()).markdown);
}
