// The insights rollups against the per-case computation, on random timelines (a seeded generator, so a
// failure replays): cases opened across both hospitals' clock changes (London on 25 October, New York on
// 1 November), declined then accepted, escalated, cancelled, left without coverage; then changed after their
// day was summed (accepted late, cancelled, escalated, consulted, re-triaged, moved to another day), and an
// acknowledgement time changed. Every figure of every breakdown must equal the per-case one (counts and
// shares exactly, medians and 90th percentiles within the sketch's stated error), and the rollups kept
// change by change must equal the rollups summed from scratch. A range's totals read through the monthly
// rollups (its whole months, and its other days from the daily rows) must equal, exactly, the totals of its
// daily rows: ranges with whole months and partial days at both ends, across both clock changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HospitalInsights, Urgency } from '../../generated/types.gen.ts';
import type { Caller } from '../../server/src/auth/caller.ts';
import type { Database } from '../../server/src/db/database.ts';
import type { CaseMeasures } from '../../server/src/domain/measures.ts';
import { hospitalInsights } from '../../server/src/insights/insights.ts';
import {
  readCaseMeasuresPage,
  type CaseMeasuresRow,
  type InsightsFilter,
} from '../../server/src/insights/insights-repository.ts';
import { readRolledUpBreakdowns, readRolledUpTotals } from '../../server/src/insights/rollup-figures.ts';
import { wholeMonthsOf } from '../../server/src/insights/rollups-repository.ts';
import {
  CARDIO_1,
  DOCTOR,
  NEURO_1,
  NEURO_2,
  NEURO_PRIMARY,
  SGH,
  seedCasesDatabase,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';
import { insertTimeline, type OfferSpec } from './support/insight-cases.ts';
import { sketchProblems } from './support/sketched-figures.ts';

const RVG = 'hosp_rvg';
const SPECIALTIES = ['spc_neurology', 'spc_cardiology'] as const;
const URGENCIES: readonly Urgency[] = ['emergent', 'urgent', 'routine'];
const SPECIALISTS = [NEURO_PRIMARY, NEURO_1, NEURO_2, CARDIO_1];
const ZONES: Record<string, string> = { [SGH]: 'Europe/London', [RVG]: 'America/New_York' };
// From five days before London's clock change to two days after New York's.
const WINDOW_START = Date.parse('2026-10-19T00:00:00Z');
const WINDOW_MS = 16 * 86_400_000;
// A few cases around the turn of September to October as well: the partial days before a whole October.
const TURN_START = Date.parse('2026-09-28T00:00:00Z');
const TURN_MS = 5 * 86_400_000;
const CASES_PER_RUN = 60;
const CHANGES_PER_RUN = 25;

const caller: Caller = {
  id: 'usr_demo_hospital_system',
  email: 'hospital_system@demo.test',
  displayName: 'Helen Park',
  roles: ['hospital_system'],
  hospitalSystemId: 'hs_demo',
  hospitalId: null,
  specialtyTypes: [],
};

/** mulberry32: a small seeded generator, so that every run of a seed writes the same timelines. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  // Seconds with a long tail, as waits are: mostly minutes, sometimes hours.
  const wait = () => Math.round(Math.exp(next() * 9) * (next() < 0.5 ? 1 : 1.37) * 100) / 100;
  return { next, pick, wait };
}

const at = (ms: number) => new Date(ms).toISOString();
const later = (iso: string, seconds: number) => at(Date.parse(iso) + seconds * 1000);

async function writeRandomCases(db: Database, seed: number): Promise<string[]> {
  const random = generator(seed);
  const ids: string[] = [];
  for (let n = 0; n < CASES_PER_RUN; n += 1) {
    const id = `cas_prop_${seed}_${n}`;
    const openedAt =
      random.next() < 0.15
        ? at(TURN_START + Math.floor(random.next() * TURN_MS))
        : at(WINDOW_START + Math.floor(random.next() * WINDOW_MS));
    const offers: OfferSpec[] = [];
    let offeredAt = later(openedAt, random.next() < 0.3 ? 0 : random.wait() / 10);
    const specialists = [...SPECIALISTS].sort(() => random.next() - 0.5);
    for (const specialistId of specialists.slice(0, Math.floor(random.next() * 4))) {
      const answer = later(offeredAt, random.wait());
      const outcome = random.next();
      if (outcome < 0.35) {
        offers.push({ specialistId, offeredAt, declinedAt: answer, declineReason: 'In theatre' });
        offeredAt = answer;
        continue;
      }
      offers.push({ specialistId, offeredAt, acceptedAt: outcome < 0.85 ? answer : null });
      break;
    }
    const accepted = offers.find((offer) => offer.acceptedAt);
    await insertTimeline(db, {
      id,
      hospitalId: random.next() < 0.6 ? SGH : RVG,
      specialtyId: random.pick(SPECIALTIES),
      urgency: random.pick(URGENCIES),
      openedBy: DOCTOR,
      doorTime: later(openedAt, -random.wait()),
      openedAt,
      offers,
      consultedAt:
        accepted?.acceptedAt && random.next() < 0.7 ? later(accepted.acceptedAt, random.wait()) : null,
      cancelledAt: random.next() < 0.1 ? later(openedAt, 60) : null,
      escalated: random.next() < 0.2,
      noCoverage: offers.length === 0 && random.next() < 0.5,
      targetDueAt: later(openedAt, random.pick([15, 60, 60, 240]) * 60),
      ackSeconds: 300,
    });
    ids.push(id);
  }
  return ids;
}

/** Changes cases after their day was summed, each as the product would in one statement or two. */
async function changeCases(db: Database, seed: number, ids: readonly string[]): Promise<void> {
  const random = generator(seed * 7919);
  for (let n = 0; n < CHANGES_PER_RUN; n += 1) {
    const id = random.pick(ids);
    const kind = random.pick(['accept', 'cancel', 'escalate', 'consult', 'retriage', 'move', 'decline']);
    const [row] = await db.query<{ created_at: string; accepted_at: string | null }>(
      'select created_at, accepted_at from cases where id = $1',
      [id],
    );
    if (!row) continue;
    const openedAt = row.created_at;
    await db.transaction(async (tx) => {
      if (kind === 'accept' && row.accepted_at === null) {
        const acceptedAt = later(openedAt, random.wait());
        await tx.query(
          `insert into case_offers (id, case_id, specialist_id, step, offered_at, accepted_at, active, last_alerted_at)
           values ($1, $2, 'usr_demo_sgh_neurology_3', 'all', $3, $4, false, $3)
           on conflict (case_id, specialist_id) do nothing`,
          [`${id}_late${n}`, id, later(openedAt, 1), acceptedAt],
        );
        await tx.query("update cases set accepted_at = $2, status = 'accepted' where id = $1", [
          id,
          acceptedAt,
        ]);
      } else if (kind === 'cancel') {
        await tx.query("update cases set cancelled_at = $2, status = 'cancelled' where id = $1", [
          id,
          later(openedAt, random.wait()),
        ]);
      } else if (kind === 'escalate') {
        await tx.query("insert into case_events (case_id, at, kind) values ($1, $2, 'escalated')", [
          id,
          openedAt,
        ]);
      } else if (kind === 'consult' && row.accepted_at !== null) {
        await tx.query(
          `insert into consultations (case_id, author_id, recommendation, disposition, created_at)
           values ($1, $2, 'Late note', 'admit', $3) on conflict (case_id) do update set created_at = excluded.created_at`,
          [id, NEURO_PRIMARY, later(row.accepted_at, random.wait())],
        );
      } else if (kind === 'retriage') {
        await tx.query('update cases set urgency = $2, specialty_id = $3 where id = $1', [
          id,
          random.pick(URGENCIES),
          random.pick(SPECIALTIES),
        ]);
      } else if (kind === 'move') {
        // Opened a day or two earlier or later: the old day loses the case, the new one gains it.
        const shift = (random.next() < 0.5 ? -1 : 1) * (86_400 + random.wait());
        await tx.query(
          `update cases set created_at = created_at + make_interval(secs => $2),
             target_due_at = target_due_at + make_interval(secs => $2),
             door_time = door_time + make_interval(secs => $2) where id = $1`,
          [id, shift],
        );
      } else if (kind === 'decline') {
        await tx.query(
          `update case_offers set declined_at = offered_at + interval '90 seconds', decline_reason = 'Off site'
           where case_id = $1 and accepted_at is null and declined_at is null`,
          [id],
        );
      }
    });
  }
}

const toMeasures = (row: CaseMeasuresRow): CaseMeasures => ({
  cancelled: row.cancelled,
  doorToRequestSeconds: row.door_to_request,
  requestToFirstOfferSeconds: row.request_to_first_offer,
  requestToAcceptSeconds: row.request_to_accept,
  acceptToConsultationSeconds: row.accept_to_consultation,
  requestToConsultationSeconds: row.request_to_consultation,
  escalated: row.escalated,
  declines: row.declines,
  declineReasons: [],
  noCoverage: row.no_coverage,
  withinAck: row.within_ack,
  withinTarget: row.within_target,
});

function localHour(iso: string, zone: string): { weekday: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(
    parts.find((part) => part.type === 'weekday')?.value ?? '',
  );
  return { weekday: weekday + 1, hour: Number(parts.find((part) => part.type === 'hour')?.value) };
}

function monday(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return at(ms - ((new Date(ms).getUTCDay() + 6) % 7) * 86_400_000).slice(0, 10);
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Every problem of the answer against the per-case measures of the same range and filters. */
async function problemsOf(
  db: Database,
  query: {
    from: string;
    to: string;
    hospitalId?: string;
    specialtyId?: string;
    urgency?: Urgency;
    bucket: 'day' | 'week';
  },
): Promise<string[]> {
  const answer: HospitalInsights = await hospitalInsights(db, caller, query);
  const filter = {
    from: query.from,
    to: query.to,
    hospitalSystemId: 'hs_demo',
    hospitalIds: query.hospitalId ? [query.hospitalId] : null,
    specialtyId: query.specialtyId ?? null,
    urgency: query.urgency ?? null,
  };
  const rows = await readCaseMeasuresPage(db, filter, null, 10_000);
  const previous = await readCaseMeasuresPage(
    db,
    { ...filter, from: answer.previousRange.from, to: answer.previousRange.to },
    null,
    10_000,
  );
  const label = JSON.stringify(query);
  const problems = [
    ...sketchProblems(answer.totals, rows.map(toMeasures), `${label} totals`),
    ...sketchProblems(answer.previousTotals, previous.map(toMeasures), `${label} previous`),
  ];
  const compare = (
    name: string,
    actual: readonly { key: string; figures: HospitalInsights['totals'] }[],
    expected: Map<string, CaseMeasuresRow[]>,
  ) => {
    const keys = actual.map((group) => group.key);
    if (JSON.stringify([...keys].sort()) !== JSON.stringify([...expected.keys()].sort()))
      problems.push(`${label} ${name}: groups ${keys.join()} ≠ ${[...expected.keys()].join()}`);
    for (const group of actual)
      problems.push(
        ...sketchProblems(
          group.figures,
          (expected.get(group.key) ?? []).map(toMeasures),
          `${label} ${name} ${group.key}`,
        ),
      );
  };
  const trendKey = (row: CaseMeasuresRow) =>
    query.bucket === 'week' ? monday(row.local_date) : row.local_date;
  compare(
    'trend',
    answer.trend.map((point) => ({ key: point.start, figures: point.figures })),
    groupBy(rows, trendKey),
  );
  compare(
    'hospital',
    answer.byHospital.map((group) => ({ key: group.id, figures: group.figures })),
    groupBy(rows, (row) => row.hospital_id),
  );
  compare(
    'specialty',
    answer.bySpecialty.map((group) => ({ key: group.id, figures: group.figures })),
    groupBy(rows, (row) => row.specialty_id),
  );
  compare(
    'urgency',
    answer.byUrgency.map((group) => ({ key: group.id, figures: group.figures })),
    groupBy(rows, (row) => row.urgency),
  );
  const hours = groupBy(rows, (row) => {
    const { weekday, hour } = localHour(row.created_at, ZONES[row.hospital_id] ?? 'UTC');
    return `${weekday}:${hour}`;
  });
  const expectedHours = [...hours].map(([key, list]) => `${key}=${list.length}`).sort();
  const actualHours = answer.byHourOfWeek.map((cell) => `${cell.weekday}:${cell.hour}=${cell.volume}`).sort();
  if (JSON.stringify(actualHours) !== JSON.stringify(expectedHours))
    problems.push(`${label} hours: ${actualHours.join()} ≠ ${expectedHours.join()}`);
  // The trend's order, oldest first, and the trend's days are the hospitals' own days.
  const starts = answer.trend.map((point) => point.start);
  if (JSON.stringify(starts) !== JSON.stringify([...starts].sort()))
    problems.push(`${label} trend out of order`);
  const targets = await db.query<{ minutes: number }>(
    `select distinct round(extract(epoch from target_due_at - created_at) / 60)::int as minutes
     from cases where id = any($1::text[]) and cancelled_at is null`,
    [rows.map((row) => row.id)],
  );
  const target = targets.length === 1 ? (targets[0]?.minutes ?? null) : null;
  if (answer.targetMinutes !== target) problems.push(`${label} target ${answer.targetMinutes} ≠ ${target}`);
  return problems;
}

const QUERIES = [
  { from: '2026-10-20', to: '2026-11-02', bucket: 'day' },
  { from: '2026-10-20', to: '2026-11-02', bucket: 'week' },
  { from: '2026-10-25', to: '2026-10-25', bucket: 'day' },
  { from: '2026-10-20', to: '2026-11-02', bucket: 'day', hospitalId: RVG },
  { from: '2026-10-20', to: '2026-11-02', bucket: 'day', specialtyId: 'spc_cardiology', urgency: 'urgent' },
  // The previous range (26 August to 2 November) holds two whole months, read from the monthly rollups.
  { from: '2026-11-03', to: '2027-01-10', bucket: 'week' },
] as const;

// Ranges whose totals read whole months from the monthly rollups: October whole (London's clock change)
// with partial days at both ends (New York's clock change on 1 November), a month exactly, a partial start
// with a whole November, and the filters.
const MONTHLY_RANGES: readonly Partial<InsightsFilter>[] = [
  { from: '2026-09-29', to: '2026-11-02' },
  { from: '2026-10-01', to: '2026-10-31' },
  { from: '2026-10-02', to: '2026-11-30' },
  { from: '2026-09-30', to: '2026-11-01', hospitalIds: [RVG] },
  { from: '2026-09-28', to: '2026-11-04', hospitalIds: [SGH], specialtyId: 'spc_neurology' },
  { from: '2026-08-15', to: '2026-11-03', urgency: 'urgent' },
];

/** The problems of the totals read through the months against the totals of the daily rows, exactly. */
async function monthlyProblems(db: Database): Promise<string[]> {
  const problems: string[] = [];
  for (const range of MONTHLY_RANGES) {
    const filter: InsightsFilter = {
      from: '',
      to: '',
      hospitalSystemId: 'hs_demo',
      hospitalIds: null,
      specialtyId: null,
      urgency: null,
      ...range,
    };
    const throughMonths = await readRolledUpTotals(db, filter);
    const fromDays = (await readRolledUpBreakdowns(db, filter, 'day')).totals;
    if (JSON.stringify(throughMonths) !== JSON.stringify(fromDays))
      problems.push(
        `${JSON.stringify(range)}: ${JSON.stringify(throughMonths)} ≠ ${JSON.stringify(fromDays)}`,
      );
    const cases = await readCaseMeasuresPage(db, filter, null, 10_000);
    problems.push(...sketchProblems(throughMonths, cases.map(toMeasures), `${JSON.stringify(range)} cases`));
  }
  return problems;
}

async function rollupsNow(db: Database): Promise<string> {
  const rows = await db.query(
    `select 'day' as rollup, hospital_id, day::text, specialty_id, urgency, volume, cancelled, within_ack,
       within_target, escalated, declines, no_coverage, counts::text from insight_rollups where volume <> 0
     union all
     select 'month', hospital_id, month::text, specialty_id, urgency, volume, cancelled, within_ack,
       within_target, escalated, declines, no_coverage, counts::text from insight_monthly_rollups where volume <> 0
     order by 1, 2, 3, 4, 5`,
  );
  return JSON.stringify(rows);
}

describe('the whole months of a range', () => {
  it('are the months it holds from their first day to their last', () => {
    expect(wholeMonthsOf('2026-09-29', '2026-11-02')).toEqual({ first: '2026-10-01', last: '2026-10-01' });
    expect(wholeMonthsOf('2026-10-01', '2026-10-31')).toEqual({ first: '2026-10-01', last: '2026-10-01' });
    expect(wholeMonthsOf('2025-12-01', '2026-02-28')).toEqual({ first: '2025-12-01', last: '2026-02-01' });
    expect(wholeMonthsOf('2028-02-01', '2028-02-28')).toBeNull();
    expect(wholeMonthsOf('2028-02-01', '2028-02-29')).toEqual({ first: '2028-02-01', last: '2028-02-01' });
    expect(wholeMonthsOf('2026-10-02', '2026-10-31')).toBeNull();
    expect(wholeMonthsOf('2026-10-15', '2026-11-14')).toBeNull();
  });
});

forEachDatabase((_name, open) => {
  describe.each([1, 2, 3])('random timelines, seed %i', (seed) => {
    let db: Database;
    let ids: string[] = [];
    beforeAll(async () => {
      db = await open();
      // The demo's own cases fall in December 2029, far from the window.
      await seedCasesDatabase(db, new Date('2030-01-01T00:00:00Z'));
      // A hospital in another zone: its days (and its clock change) are New York's.
      await db.query("update hospitals set time_zone = 'America/New_York' where id = $1", [RVG]);
      // Migrating and seeding an embedded database takes a while on a busy machine.
    }, 180_000);
    afterAll(async () => db.close());

    it('answers as the per-case computation once the cases are written', async () => {
      ids = await writeRandomCases(db, seed);
      for (const query of QUERIES) expect(await problemsOf(db, query)).toEqual([]);
      expect(await monthlyProblems(db)).toEqual([]);
    });

    it('still answers so once cases changed after their day was summed', async () => {
      await changeCases(db, seed, ids);
      await db.query('update hospital_case_settings set ack_seconds_urgent = 600 where hospital_id = $1', [
        SGH,
      ]);
      for (const query of QUERIES) expect(await problemsOf(db, query)).toEqual([]);
      expect(await monthlyProblems(db)).toEqual([]);
    });

    it('kept, change by change, the rollups a sum from scratch gives', async () => {
      const kept = await rollupsNow(db);
      await db.query('select insight_rebuild(null)');
      expect(await rollupsNow(db)).toBe(kept);
      const rows = JSON.parse(kept) as { rollup: string }[];
      expect(rows.filter((row) => row.rollup === 'day').length).toBeGreaterThan(20);
      // September, October and November of both hospitals, in some specialties and urgencies.
      expect(rows.filter((row) => row.rollup === 'month').length).toBeGreaterThan(6);
    });
  });
});
