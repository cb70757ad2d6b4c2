// SMS fallback's timeliness: is an offer's SMS sent within 1 s of its due time (the offer plus the
// hospital's delay)? A real app with its real worker on the real clock (CASE_TIMER_TICK_MS as configured,
// 1 s by default), a stand-in for Twilio's API on loopback that notes when each request arrives, and K
// emergent cases offered to a specialist who turned SMS on, opened a few milliseconds apart with the
// hospital's delay at its minimum (10 s). Lag = arrival at the provider − due time: p50, p99 and max, and the
// share within 1 s. On PostgreSQL when DATABASE_URL is set, else PGlite. bench/alerts.ts reports it beside
// the push figures; at the smoke size (`npm test`) 3 cases.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { openPglite, type Database } from '../server/src/db/database.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { seedDemoOrganisation } from '../server/src/demo/organisation.ts';
import { seedDemoUsers } from '../server/src/demo/users.ts';
import { writeSmsDelays } from '../server/src/sms/sms-repository.ts';
import { LocalTwilio } from '../tests/api/support/twilio-server.ts';
import {
  benchConfig,
  ms,
  percentile,
  postgresSchema,
  tokenFor,
  type BenchResult,
  type BenchSize,
} from './support.ts';

const HOSPITAL = 'hosp_sgh';
const DOCTOR = 'usr_demo_er_doctor';
const SPECIALIST = 'usr_demo_specialist';
const DELAY_SECONDS = 10;

const SIZES: Record<BenchSize, { readonly offers: number; readonly spacingMs: number }> = {
  full: { offers: 200, spacingMs: 50 },
  smoke: { offers: 3, spacingMs: 50 },
};

export interface SmsLagFigures extends BenchResult {
  readonly offers: number;
  readonly sent: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** The share of SMS sent within 1 s of their due time, 0 to 1. */
  readonly withinOneSecond: number;
}

const pause = (milliseconds: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, milliseconds);
  });

async function openDatabase(): Promise<{ db: Database; drop: () => Promise<void>; name: string }> {
  const url = process.env['DATABASE_URL'] || undefined;
  if (url === undefined) {
    const db = await openPglite();
    return { db, drop: () => db.close(), name: 'PGlite' };
  }
  const schema = await postgresSchema(url, 'bench_sms');
  return { db: schema.db, drop: schema.drop, name: 'PostgreSQL' };
}

/** Sets the scene: the specialist alone on call for Neurology, SMS on with a mobile number, delays at 10 s. */
async function prepare(db: Database): Promise<void> {
  await migrate(db);
  const organisation = await seedDemoOrganisation(db);
  await seedDemoUsers(db, { password: 'Bench-password-2026', organisation });
  await db.query(`update users set phone = '+44 7700 900123', sms_fallback = true where id = $1`, [
    SPECIALIST,
  ]);
  await db.query('delete from on_call_shifts where hospital_id = $1', [HOSPITAL]);
  await db.query(
    `insert into on_call_shifts (id, hospital_id, specialty_id, starts_at, ends_at, primary_id)
     values ('sft_bench_sms', $1, 'spc_neurology', now() - interval '1 hour', now() + interval '1 day', $2)`,
    [HOSPITAL, SPECIALIST],
  );
  await writeSmsDelays(db, HOSPITAL, {
    emergent: DELAY_SECONDS,
    urgent: DELAY_SECONDS,
    routine: DELAY_SECONDS,
  });
}

export async function runAlertsSmsBenchmark(sizeName: BenchSize = 'full'): Promise<SmsLagFigures> {
  const size = SIZES[sizeName];
  const twilio = new LocalTwilio();
  await twilio.start();
  const dataDir = mkdtempSync(join(tmpdir(), 'case-router-bench-sms-'));
  const database = await openDatabase();
  try {
    const { db } = database;
    await prepare(db);
    const config = benchConfig(dataDir, twilio.env());
    const app = await buildApp({ config, db });
    await app.ready();
    const authorization = `Bearer ${await tokenFor(app, DOCTOR, 'er_doctor')}`;
    const due = new Map<string, number>();
    try {
      for (let index = 0; index < size.offers; index += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/cases',
          headers: { authorization, 'idempotency-key': `bench-sms-${index}-${Date.now()}` },
          payload: {
            specialtyId: 'spc_neurology',
            urgency: 'emergent',
            patient: { age: 60, sex: 'male' },
            doorTime: new Date(Date.now() - 600_000).toISOString(),
            chiefComplaint: 'Benchmark',
          },
        });
        const created = response.json<{ id: string }>();
        const [row] = await db.query<{ due_at: string }>('select due_at from sms_outbox where case_id = $1', [
          created.id,
        ]);
        if (row !== undefined) due.set(created.id, new Date(row.due_at).getTime());
        await pause(size.spacingMs);
      }
      // Bounded: wait for every SMS until 30 s past the last due time.
      const deadline = Math.max(...due.values()) + 30_000;
      while (twilio.received.length < due.size && Date.now() < deadline) await pause(100);
    } finally {
      await app.close();
    }
    const lags = twilio.received
      .flatMap((sms) => {
        const caseId = /\/specialist\/cases\/([^/\s]+)$/.exec(sms.body)?.[1];
        const dueAt = caseId === undefined ? undefined : due.get(decodeURIComponent(caseId));
        return dueAt === undefined ? [] : [sms.receivedAt - dueAt];
      })
      .sort((a, b) => a - b);
    const figures = {
      offers: size.offers,
      sent: lags.length,
      p50Ms: percentile(lags, 50),
      p99Ms: percentile(lags, 99),
      maxMs: lags.at(-1) ?? Number.NaN,
      withinOneSecond: lags.length === 0 ? 0 : lags.filter((lag) => lag <= 1_000).length / lags.length,
    };
    const markdown = [
      `SMS fallback on ${database.name}: ${figures.offers} emergent offers a ${size.spacingMs} ms apart, each due ` +
        `${DELAY_SECONDS} s after it was made; lag from due time to the request at the provider (worker tick ` +
        `${config.caseTimers.tickMs} ms). Goal: within 1 s.`,
      '',
      '| offers | SMS sent | lag p50 (ms) | lag p99 (ms) | lag max (ms) | within 1 s |',
      '| --- | --- | --- | --- | --- | --- |',
      `| ${figures.offers} | ${figures.sent} | ${ms(figures.p50Ms)} | ${ms(figures.p99Ms)} | ${ms(figures.maxMs)} | ` +
        `${(figures.withinOneSecond * 100).toFixed(0)} % |`,
    ].join('\n');
    return {
      ...figures,
      markdown,
      faults: {
        'offers without a waiting SMS': size.offers - due.size,
        'SMS lost': due.size - figures.sent,
        'requests off the API': twilio.problems.length,
      },
    };
  } finally {
    await database.drop().catch(() => undefined);
    await twilio.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const result = await runAlertsSmsBenchmark(process.argv.includes('--smoke') ? 'smoke' : 'full');
  console.log(result.markdown);
}
