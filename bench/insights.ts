// Insights benchmark, on PostgreSQL (DATABASE_URL): the hospital insights of the last 30 days and of the last
// 365 days with 100,000 cases in the database, then with 1,000,000 (two years of cases, generated with
// realistic distributions, the rollups kept by their triggers as the cases are inserted);
// beside it, the very statements that call sends, through raw `pg`; then the CSV export of a year, streamed:
// its size, time and the process's peak memory.
//
// "The cost follows the range, not the table": both sizes hold the same cases in the 30-day range and in the
// 30 days before it, which the call reads too for its comparison (about 1,370 a day, what 1,000,000 over two
// years means), and the 900,000 added are older ones. A query that scanned the table would slow down
// tenfold; one that reads the range through its index does not.
// `node bench/insights.ts` prints the figures as Markdown. At the smoke size (`npm test`): 600 cases, then 3,000,
// at the same density over the two ranges, and 8 requests each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import type { Database } from '../server/src/db/database.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { seedDemoOrganisation } from '../server/src/demo/organisation.ts';
import { seedDemoUsers } from '../server/src/demo/users.ts';
import { hospitalInsights } from '../server/src/insights/insights.ts';
import { caseListsMarkdown, measureCaseLists, type ListCaller, type ListFigures } from './case-lists.ts';
import {
  benchConfig,
  listen,
  measureSideBySide,
  ms,
  postgresSchema,
  recording,
  tokenFor,
  type BenchResult,
  type BenchSize,
  type Latencies,
} from './support.ts';

const SYSTEM_ADMIN = 'usr_demo_hospital_system';
const LIST_CALLER = {
  email: 'bench@demo.test',
  displayName: 'Bench caller',
  hospitalSystemId: 'hs_demo',
  hospitalId: 'hosp_sgh',
  specialtyTypes: [] as string[],
};
const DOCTOR = 'usr_demo_er_doctor';
const DAYS = 730;
// The range (the last 30 days to yesterday), the 30 days before it, and today: at full density at both sizes.
const RECENT_DAYS = 62;
const BATCH = 100_000;

interface InsightsSize {
  /** Cases in the table at the first measure, then at the second. */
  readonly small: number;
  readonly large: number;
  readonly requests: number;
  readonly warmUp: number;
}

const SIZES: Record<BenchSize, InsightsSize> = {
  full: { small: 100_000, large: 1_000_000, requests: 40, warmUp: 20 },
  smoke: { small: 600, large: 3_000, requests: 8, warmUp: 2 },
};

const localDate = (daysAgo: number): string =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

interface Cohort {
  /** The first case number of the cohort (numbers stay unique per hospital across cohorts). */
  readonly first: number;
  readonly count: number;
  /** Created between these many days ago. */
  readonly fromDaysAgo: number;
  readonly toDaysAgo: number;
}

/**
 * Cases with what a real emergency department sees: urgencies 15 / 35 / 50 %, two hospitals 70 / 30, the four
 * specialties with cases, acceptance times log-normal around 3 minutes (emergent faster), 3 % cancelled, 2 %
 * without coverage, 8 % declined once before an accept, 10 % escalated, 85 % of accepted ones with a
 * consultation; each with its offers, events and consultation. Inserted 100,000 at a time.
 */
let seedingMs = 0;
let rebuildMs = 0;

// The rollups' insert triggers, off while a bulk load runs: the load then sums the rollups from scratch in
// one set-based pass (insight_rebuild), as the migration's backfill does.
const INSERT_TRIGGERS = [
  ['cases', 'insight_cases_inserted'],
  ['case_offers', 'insight_offers_inserted'],
  ['case_events', 'insight_events_inserted'],
  ['consultations', 'insight_consultations_inserted'],
] as const;

export async function insertCases(db: Database, cohort: Cohort): Promise<void> {
  const started = performance.now();
  for (const [table, trigger] of INSERT_TRIGGERS)
    await db.exec(`alter table ${table} disable trigger ${trigger}`);
  for (let start = 0; start < cohort.count; start += BATCH) {
    const from = cohort.first + start;
    const to = cohort.first + Math.min(cohort.count, start + BATCH) - 1;
    await db.exec(`
      create temporary table bench_batch on commit drop as
      select r.*,
        case when r.u1 < 0.15 then 'emergent' when r.u1 < 0.50 then 'urgent' else 'routine' end as urgency,
        now() - make_interval(secs => (${cohort.toDaysAgo} + r.u2 * (${cohort.fromDaysAgo - cohort.toDaysAgo})) * 86400)
          as created_at,
        -- Log-normal: exp(mean + sigma * a standard normal (Box-Muller)).
        exp(ln(case when r.u1 < 0.15 then 120 else 200 end)
          + 0.8 * sqrt(-2 * ln(greatest(r.u3, 1e-9))) * cos(2 * pi() * r.u4)) as accept_seconds
      -- Drawn in the select list, once per row: a lateral subquery that does not name the row is evaluated
      -- once for the whole batch, which gave every case of a batch the same time, urgency and hospital.
      from (select n, random() as u1, random() as u2, random() as u3, random() as u4, random() as u5,
          random() as u6, random() as u7
        from generate_series(${from}, ${to}) as n) as r;

      insert into cases (id, hospital_id, case_number, display_number, specialty_id, urgency, status,
        patient_age, patient_sex, door_time, chief_complaint, opened_by, assigned_to, routing_step,
        no_coverage, created_at, updated_at, accepted_at, cancelled_at, target_due_at)
      select 'cas_bench_' || b.n, h.id, b.n, h.short_code || '-' || lpad(b.n::text, 7, '0'),
        (array['spc_neurology', 'spc_cardiology', 'spc_orthopaedics', 'spc_general_surgery'])[1 + ((b.n::bigint * 7919) % 4)::int],
        b.urgency,
        case when b.u5 < 0.03 then 'cancelled' when b.u5 < 0.05 then 'pending' else 'closed' end,
        18 + (b.n * 31) % 80, (array['female', 'male'])[1 + b.n % 2],
        b.created_at - make_interval(secs => 600 + b.u6 * 3000), 'Benchmark complaint', '${DOCTOR}',
        case when b.u5 >= 0.05 then 'usr_demo_specialist' end,
        case when b.u6 < 0.1 then 'backup' else 'primary' end,
        b.u5 >= 0.03 and b.u5 < 0.05,
        b.created_at, b.created_at,
        case when b.u5 >= 0.05 then b.created_at + make_interval(secs => b.accept_seconds) end,
        case when b.u5 < 0.03 then b.created_at + interval '4 minutes' end,
        b.created_at + case b.urgency when 'emergent' then interval '15 minutes'
          when 'urgent' then interval '1 hour' else interval '4 hours' end
      from bench_batch b
      join hospitals h on h.id = case when b.u7 < 0.7 then 'hosp_sgh' else 'hosp_rvg' end;

      insert into case_offers (id, case_id, specialist_id, step, offered_at, accepted_at, declined_at,
        decline_reason, active, last_alerted_at)
      select 'off_bench_' || b.n || '_1', 'cas_bench_' || b.n,
        case when b.u6 < 0.08 then 'usr_demo_bench_decliner' else 'usr_demo_specialist' end, 'primary',
        b.created_at + interval '2 seconds',
        case when b.u6 >= 0.08 and b.u5 >= 0.05 then b.created_at + make_interval(secs => b.accept_seconds) end,
        case when b.u6 < 0.08 then b.created_at + make_interval(secs => b.accept_seconds / 2) end,
        case when b.u6 < 0.08 then 'In theatre' end, false, b.created_at + interval '2 seconds'
      from bench_batch b where not (b.u5 >= 0.03 and b.u5 < 0.05);

      insert into case_offers (id, case_id, specialist_id, step, offered_at, accepted_at, active, last_alerted_at)
      select 'off_bench_' || b.n || '_2', 'cas_bench_' || b.n, 'usr_demo_specialist', 'backup',
        b.created_at + make_interval(secs => b.accept_seconds / 2),
        case when b.u5 >= 0.05 then b.created_at + make_interval(secs => b.accept_seconds) end, false,
        b.created_at + make_interval(secs => b.accept_seconds / 2)
      from bench_batch b where b.u6 < 0.08 and b.u5 >= 0.03;

      insert into case_events (case_id, at, kind)
      select 'cas_bench_' || b.n, b.created_at + make_interval(secs => b.accept_seconds / 2), 'escalated'
      from bench_batch b where b.u6 < 0.1;

      insert into consultations (case_id, author_id, recommendation, disposition, created_at)
      select 'cas_bench_' || b.n, 'usr_demo_specialist', 'Benchmark recommendation', 'admit',
        b.created_at + make_interval(secs => b.accept_seconds + 300 + b.u4 * 1800)
      from bench_batch b where b.u5 >= 0.05 and b.u3 < 0.85;`);
  }
  // A database in service has long been vacuumed: without it, autovacuum would work through the rows just
  // loaded while the calls are measured, and the first reads would write every page's hint bits.
  // One statement each: vacuum cannot run inside the transaction a multi-statement string is.
  for (const [table, trigger] of INSERT_TRIGGERS)
    await db.exec(`alter table ${table} enable trigger ${trigger}`);
  const summing = performance.now();
  await db.query('select insight_rebuild(null)');
  rebuildMs = performance.now() - summing;
  for (const table of [
    'cases',
    'case_offers',
    'case_events',
    'consultations',
    'insight_rollups',
    'insight_monthly_rollups',
    'insight_case_facts',
  ])
    await db.exec(`vacuum analyze ${table}`);
  seedingMs += performance.now() - started;
}

export async function prepare(db: Database): Promise<void> {
  await migrate(db);
  const organisation = await seedDemoOrganisation(db);
  await seedDemoUsers(db, { password: 'Bench-password-2026', organisation });
  // A second neurologist for the declines (an offer is one per case and specialist).
  await db.query(
    `insert into users (id, email, display_name, roles, hospital_system_id, hospital_id, specialty_types,
       force_change_password_next_sign_in)
     values ('usr_demo_bench_decliner', 'decliner@bench.test', 'Dr Bench Decliner', array['specialist'],
       'hs_demo', 'hosp_sgh', array['Neurology'], false)`,
  );
  // The bench's cases use the hospitals' numbers from 1,000,000 up: above any case the server opens.
  await db.query(
    "update hospital_case_settings set last_case_number = 3000000 where hospital_id like 'hosp_%'",
  );
}

interface Sized {
  readonly cases: number;
  readonly range: string;
  readonly api: Latencies;
  readonly raw: Latencies;
  readonly statements: number;
  readonly inRange: number;
  readonly inPrevious: number;
}

async function measureAt(
  db: Database,
  base: string,
  rawUrl: string,
  token: string,
  cases: number,
  size: InsightsSize,
  days: number,
): Promise<Sized> {
  const query = { from: localDate(days), to: localDate(1) };
  const caller = {
    id: SYSTEM_ADMIN,
    email: 'hospital_system@demo.test',
    displayName: 'Helen Park',
    roles: ['hospital_system'],
    hospitalSystemId: 'hs_demo',
    hospitalId: null,
    specialtyTypes: [],
  };
  const recorder = recording(db);
  const answer = await hospitalInsights(recorder.db as Database, caller, query);
  const statements = recorder.statements;
  const pool = new pg.Pool({ connectionString: rawUrl, max: 10 });
  const raw = Fastify();
  raw.get('/insights', async () => {
    const results = [];
    for (const statement of statements)
      results.push((await pool.query(statement.sql, [...statement.params])).rows);
    return results;
  });
  const rawBase = await listen(raw);
  try {
    const [api, bare] = await measureSideBySide(
      [
        {
          url: `${base}/api/v1/insights/hospitals?from=${query.from}&to=${query.to}`,
          headers: { authorization: `Bearer ${token}` },
        },
        { url: `${rawBase}/insights` },
      ],
      { requests: size.requests, concurrency: 2, rounds: 4, warmUp: size.warmUp },
    );
    if (!api || !bare) throw new Error('nothing measured');
    return {
      cases,
      range: days === 30 ? '30 days' : `${days} days`,
      api,
      raw: bare,
      statements: statements.length,
      inRange: answer.totals.volume,
      inPrevious: answer.previousTotals.volume,
    };
  } finally {
    await raw.close();
    await pool.end();
  }
}

/** Downloads a year of case measures as CSV while sampling the process's memory every 20 ms. */
async function exportYear(base: string, token: string): Promise<{ text: string; ok: boolean }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/insights/cases?from=${localDate(365)}&to=${localDate(1)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  let lines = 0;
  if (!response.body) throw new Error('no CSV body');
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const mb = (value: number) => (value / 1024 / 1024).toFixed(0);
  return {
    ok: response.status === 200,
    text:
      `CSV export of a year (\`GET /insights/cases\`, ${response.status}): ${(lines - 1).toLocaleString('en')} cases, ` +
      `${mb(bytes)} MB in ${seconds.toFixed(1)} s; the process's resident memory ${mb(before)} MB before, ` +
      `peak ${mb(peak)} MB during (server and client in one process).`,
  };
}

export async function runInsightsBenchmark(sizeName: BenchSize = 'full'): Promise<BenchResult> {
  const size = SIZES[sizeName];
  const url = process.env['DATABASE_URL'] || undefined;
  if (url === undefined)
    return { markdown: 'Not measured: set DATABASE_URL to a PostgreSQL server.', faults: {} };
  const schema = await postgresSchema(url, 'bench_insights');
  const dataDir = mkdtempSync(join(tmpdir(), 'case-router-bench-'));
  try {
    const { db } = schema;
    await prepare(db);
    const recent = Math.round((size.large / DAYS) * RECENT_DAYS);
    seedingMs = 0;
    // The small size: the range and the month before it at full density, the rest older.
    await insertCases(db, { first: 1_000_000, count: recent, fromDaysAgo: RECENT_DAYS, toDaysAgo: 0 });
    await insertCases(db, {
      first: 1_000_000 + recent,
      count: size.small - recent,
      fromDaysAgo: DAYS,
      toDaysAgo: RECENT_DAYS,
    });
    const config = benchConfig(dataDir);
    const app = await buildApp({ config, db });
    const base = await listen(app);
    const token = await tokenFor(app, SYSTEM_ADMIN, 'hospital_system');
    const listCallers: ListCaller[] = [
      {
        label: 'emergency room (ER doctor)',
        caller: { ...LIST_CALLER, id: DOCTOR, roles: ['er_doctor'] },
        token: await tokenFor(app, DOCTOR, 'er_doctor'),
      },
      {
        label: 'specialist (on-call neurologist)',
        caller: {
          ...LIST_CALLER,
          id: 'usr_demo_specialist',
          roles: ['specialist'],
          specialtyTypes: ['Neurology'],
        },
        token: await tokenFor(app, 'usr_demo_specialist', 'specialist'),
      },
    ];
    const lists: ListFigures[] = [];
    const sizes: Sized[] = [];
    let csv = { text: '', ok: false };
    try {
      sizes.push(await measureAt(db, base, schema.rawUrl, token, size.small, size, 30));
      sizes.push(await measureAt(db, base, schema.rawUrl, token, size.small, size, 365));
      lists.push(...(await measureCaseLists(base, schema.rawUrl, listCallers, size.small, size)));
      // The large size: older cases added; the month's are the same.
      await insertCases(db, {
        first: 1_000_000 + size.small,
        count: size.large - size.small,
        fromDaysAgo: DAYS,
        toDaysAgo: RECENT_DAYS,
      });
      sizes.push(await measureAt(db, base, schema.rawUrl, token, size.large, size, 30));
      sizes.push(await measureAt(db, base, schema.rawUrl, token, size.large, size, 365));
      lists.push(...(await measureCaseLists(base, schema.rawUrl, listCallers, size.large, size)));
      csv = await exportYear(base, token);
    } finally {
      await app.close();
    }
    const filled = (seedingMs / 1000).toFixed(0);
    const [small, smallYear, large, largeYear] = sizes;
    if (!small || !smallYear || !large || !largeYear) throw new Error('nothing measured');
    const row = (size: Sized, label: string, figures: Latencies) =>
      `| ${size.cases.toLocaleString('en')} | ${size.range} (${size.inRange.toLocaleString('en')} cases) | ${label} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${ms(figures.p99)} | ${figures.failures} |`;
    const sameRange = small.inRange === large.inRange && small.inPrevious === large.inPrevious;
    const markdown = [
      `Hospital insights of the last 30 days as the system admin (both hospitals; ${large.inRange.toLocaleString('en')} ` +
        `cases in the range and ${large.inPrevious.toLocaleString('en')} in the days before it that the call compares with, ${sameRange ? 'the same' : 'differing'} at either size), ${size.requests} requests each from 2 clients, in rounds alternating ` +
        `between the API and a bare route sending the same ${large.statements} statements through raw pg. ` +
        `Generating the ${large.cases.toLocaleString('en')} cases, their offers, events and consultations (one \`insert … select generate_series\` per table and 100,000 cases, then the rollups summed from scratch, then vacuum analyze) took ${filled} s in all; the last sum of the rollups from scratch, over ${large.cases.toLocaleString('en')} cases, ${(rebuildMs / 1000).toFixed(0)} s.`,
      '',
      '| cases in the table | range | route | p50 ms | p95 ms | p99 ms | failed |',
      '|---|---|---|---|---|---|---|',
      ...[small, smallYear, large, largeYear].flatMap((sized) => [
        row(sized, 'API `GET /insights/hospitals`', sized.api),
        row(sized, 'bare route, raw pg', sized.raw),
      ]),
      '',
      `API p95 of 30 days at ${large.cases.toLocaleString('en')} cases: ${ms(large.api.p95)} ms (goal ≤ 300 ms); of a year: ${ms(largeYear.api.p95)} ms (goal ≤ 1,000 ms). ` +
        `30 days' API p95 at ${large.cases.toLocaleString('en')} / at ${small.cases.toLocaleString('en')}: ${(large.api.p95 / small.api.p95).toFixed(2)} (goal ≤ 1.2). ` +
        `p95 raw / API at ${large.cases.toLocaleString('en')}, 30 days: ${(large.raw.p95 / large.api.p95).toFixed(2)} (goal ≥ 0.8).`,
      '',
      csv.text,
      '',
      caseListsMarkdown(
        [...lists].sort((a, b) => a.list.localeCompare(b.list) || a.cases - b.cases),
        size.requests,
      ),
    ].join('\n');
    return {
      markdown,
      faults: {
        'failed, API': sizes.reduce((sum, sized) => sum + sized.api.failures, 0),
        'failed, raw pg': sizes.reduce((sum, sized) => sum + sized.raw.failures, 0),
        'failed, case lists': lists.reduce((sum, list) => sum + list.api.failures + list.raw.failures, 0),
        'the range’s cases differ between the two sizes': sameRange ? 0 : 1,
        'the CSV export failed': csv.ok ? 0 : 1,
      },
    };
  } finally {
    await schema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  console.log((await runInsightsBenchmark()).markdown);
}
