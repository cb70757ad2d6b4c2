// Schedules benchmark, on PostgreSQL (DATABASE_URL): a hospital with 40 specialties and a year of on-call
// shifts (two 12-hour shifts a day each, about 29,000, a few left out as gaps). It measures
// `GET /schedules/coverage` (coverage now and every gap of the coming 14 days) as an ER admin, beside a bare
// route sending the very statements that call sent through raw `pg`: p50 / p95 / p99 over 400 requests from
// 4 clients. `node bench/schedules.ts` prints the figures as Markdown. At the smoke size (`npm test`): a
// few specialties, 4 days of shifts, 8 requests from 2 clients.
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
import { readCoverage } from '../server/src/schedules/coverage.ts';
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

const HOSPITAL = 'hosp_sgh';
const ER_ADMIN = 'usr_demo_emergency_room_admin';

interface SchedulesSize {
  readonly specialties: number;
  readonly days: number;
  readonly requests: number;
  readonly concurrency: number;
  readonly rounds: number;
  readonly warmUp: number;
}

const SIZES: Record<BenchSize, SchedulesSize> = {
  full: { specialties: 40, days: 365, requests: 400, concurrency: 4, rounds: 8, warmUp: 20 },
  smoke: { specialties: 6, days: 4, requests: 8, concurrency: 2, rounds: 2, warmUp: 2 },
};

/**
 * Brings the hospital to `specialties` specialties (40 at full size), each with a primary and a backup, and
 * `days` of shifts around now (a year at full size).
 */
export async function fillSchedule(db: Database, size: SchedulesSize): Promise<number> {
  const { specialties, days } = size;
  await db.exec(`
    insert into specialties (id, hospital_system_id, name)
    select 'spc_bench_' || n, 'hs_demo', 'Bench specialty ' || lpad(n::text, 2, '0')
    from generate_series(1, ${specialties}) as n
    where (select count(*) from specialties where hospital_system_id = 'hs_demo') + n <= ${specialties};

    insert into users (id, email, display_name, roles, hospital_system_id, hospital_id, specialty_types,
      force_change_password_next_sign_in)
    select 'usr_bench_' || s.id || '_' || k, 'bench.' || s.id || '.' || k || '@bench.test',
      'Dr Bench ' || s.name || ' ' || k, array['specialist'], 'hs_demo', '${HOSPITAL}', array[s.name], false
    from specialties s cross join generate_series(1, 2) as k
    where s.hospital_system_id = 'hs_demo';

    delete from on_call_shifts where hospital_id = '${HOSPITAL}';

    -- Two 12-hour shifts a day from half the days ago to half of them ahead; every 97th left out: a gap.
    insert into on_call_shifts (id, hospital_id, specialty_id, starts_at, ends_at, primary_id, backup_id)
    select 'sft_bench_' || s.id || '_' || n, '${HOSPITAL}', s.id,
      date_trunc('day', now()) - interval '${days / 2} days' + n * interval '12 hours',
      date_trunc('day', now()) - interval '${days / 2} days' + (n + 1) * interval '12 hours',
      'usr_bench_' || s.id || '_' || (1 + n % 2), 'usr_bench_' || s.id || '_' || (2 - n % 2)
    from specialties s cross join generate_series(0, ${days * 2 - 1}) as n
    where s.hospital_system_id = 'hs_demo' and (n + length(s.id)) % 97 <> 0;

    analyze on_call_shifts;
    analyze users;
    analyze specialties;`);
  const [row] = await db.query<{ count: number }>(
    'select count(*)::int as count from on_call_shifts where hospital_id = $1',
    [HOSPITAL],
  );
  return row?.count ?? 0;
}

export async function runSchedulesBenchmark(sizeName: BenchSize = 'full'): Promise<BenchResult> {
  const size = SIZES[sizeName];
  const url = process.env['DATABASE_URL'] || undefined;
  if (url === undefined)
    return { markdown: 'Not measured: set DATABASE_URL to a PostgreSQL server.', faults: {} };
  const schema = await postgresSchema(url, 'bench_schedules');
  const dataDir = mkdtempSync(join(tmpdir(), 'case-router-bench-'));
  const pool = new pg.Pool({ connectionString: schema.rawUrl, max: 10 });
  try {
    const { db } = schema;
    await migrate(db);
    const organisation = await seedDemoOrganisation(db);
    await seedDemoUsers(db, { password: 'Bench-password-2026', organisation });
    const shifts = await fillSchedule(db, size);
    const config = benchConfig(dataDir);
    const app = await buildApp({ config, db });
    const base = await listen(app);
    const headers = { authorization: `Bearer ${await tokenFor(app, ER_ADMIN, 'emergency_room_admin')}` };

    // The statements one coverage call sends, replayed as they are through raw pg.
    const recorder = recording(db);
    const coverage = await readCoverage(recorder.db, HOSPITAL, new Date());
    const statements = recorder.statements;
    const raw = Fastify();
    raw.get('/coverage', async () => {
      const results = [];
      for (const statement of statements)
        results.push((await pool.query(statement.sql, [...statement.params])).rows);
      return results;
    });
    const rawBase = await listen(raw);

    let api: Latencies | undefined;
    let bare: Latencies | undefined;
    try {
      [api, bare] = await measureSideBySide(
        [{ url: `${base}/api/v1/schedules/coverage`, headers }, { url: `${rawBase}/coverage` }],
        size,
      );
    } finally {
      await raw.close();
      await app.close();
    }
    if (!api || !bare) throw new Error('nothing measured');
    const gaps = coverage.specialties.reduce((sum, specialty) => sum + specialty.gaps.length, 0);
    const row = (label: string, figures: Latencies) =>
      `| ${label} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${ms(figures.p99)} | ${figures.failures} |`;
    const markdown = [
      `${coverage.specialties.length} specialties, ${shifts.toLocaleString('en')} shifts over ${size.days} days; ` +
        `the answer holds ${gaps} gaps over the 14 days. ${size.requests} requests each from ${size.concurrency} clients, in rounds alternating between the two, after ${size.warmUp} unmeasured.`,
      '',
      '| coverage now and 14-day gaps | p50 ms | p95 ms | p99 ms | failed |',
      '|---|---|---|---|---|',
      row(
        'API `GET /schedules/coverage` (JWT, validation, the caller from the database, gaps computed)',
        api,
      ),
      row(`bare route, the same ${statements.length} statements, raw pg`, bare),
      '',
      `p95 raw / API: ${(bare.p95 / api.p95).toFixed(2)} (goal ≥ 0.8).`,
    ].join('\n');
    return { markdown, faults: { 'failed, API': api.failures, 'failed, raw pg': bare.failures } };
  } finally {
    await pool.end();
    await schema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  console.log((await runSchedulesBenchmark()).markdown);
}
