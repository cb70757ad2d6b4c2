// The hospital insights from the rollups (migration 0016): one row per hospital, specialty, urgency and local
// day of the range, merged here into every breakdown; the previous range's totals read its whole months'
// rows instead (migration 0017). Counts and shares are exact; medians and 90th percentiles come from the
// rows' histograms (rollup-sketch.ts, within its stated error).
import type { Queryable } from '../db/database.ts';
import type { BreakdownRows, FiguresRow, InsightsFilter } from './insights-repository.ts';
import { addTo, histogramPercentile, mergeInto, type Histogram } from './rollup-sketch.ts';
import { namesInOrder, readRollups, readRollupsByMonth, type RollupRow } from './rollups-repository.ts';

// The count-map prefixes of the five intervals (migration 0016, insight_fact_keys).
const INTERVAL_KEYS = {
  d: 'doorToRequest',
  f: 'requestToFirstOffer',
  a: 'requestToAccept',
  c: 'acceptToConsultation',
  k: 'requestToConsultation',
} as const;
type IntervalKey = keyof typeof INTERVAL_KEYS;

class Figures {
  volume = 0;
  cancelled = 0;
  withinAck = 0;
  withinTarget = 0;
  escalated = 0;
  declines = 0;
  noCoverage = 0;
  readonly histograms: Record<IntervalKey, Histogram> = { d: [], f: [], a: [], c: [], k: [] };

  add(row: RollupRow, parsed: ParsedCounts): void {
    this.volume += row.volume;
    this.cancelled += row.cancelled;
    this.withinAck += row.within_ack;
    this.withinTarget += row.within_target;
    this.escalated += row.escalated;
    this.declines += row.declines;
    this.noCoverage += row.no_coverage;
    for (const key of Object.keys(INTERVAL_KEYS) as IntervalKey[]) {
      const pairs = parsed.histograms[key];
      const histogram = this.histograms[key];
      for (let at = 0; at < pairs.length; at += 2) addTo(histogram, pairs[at] ?? 0, pairs[at + 1] ?? 0);
    }
  }

  merge(other: Figures): void {
    this.volume += other.volume;
    this.cancelled += other.cancelled;
    this.withinAck += other.withinAck;
    this.withinTarget += other.withinTarget;
    this.escalated += other.escalated;
    this.declines += other.declines;
    this.noCoverage += other.noCoverage;
    for (const key of Object.keys(INTERVAL_KEYS) as IntervalKey[])
      mergeInto(this.histograms[key], other.histograms[key]);
  }

  row(): FiguresRow {
    const live = this.volume - this.cancelled;
    const interval = (key: IntervalKey) => ({
      median: histogramPercentile(this.histograms[key], 0.5),
      p90: histogramPercentile(this.histograms[key], 0.9),
    });
    return {
      volume: this.volume,
      cancelled: this.cancelled,
      intervals: {
        doorToRequest: interval('d'),
        requestToFirstOffer: interval('f'),
        requestToAccept: interval('a'),
        acceptToConsultation: interval('c'),
        requestToConsultation: interval('k'),
      },
      withinAckShare: live === 0 ? null : this.withinAck / live,
      withinTargetShare: live === 0 ? null : this.withinTarget / live,
      escalated: this.escalated,
      declines: this.declines,
      noCoverage: this.noCoverage,
    };
  }
}

/** A row's counts as flat [bucket, count, bucket, count, …] lists. */
export interface ParsedCounts {
  readonly histograms: Record<IntervalKey, number[]>;
  readonly hours: number[];
  readonly targets: number[];
}

const [QUOTE, MINUS, ZERO, NINE] = ['"', '-', '0', '9'].map((char) => char.charCodeAt(0)) as [
  number,
  number,
  number,
  number,
];

/**
 * A row's count map, read straight from jsonb's text (`{"a:12": 3, "d:4": 1}`: each key a letter, a colon
 * and an integer; each count an integer): a year's rows hold over a million keys, and building an object of
 * each map (JSON.parse) took most of the answer's time.
 */
export function parseCounts(text: string): ParsedCounts {
  const parsed: ParsedCounts = { histograms: { d: [], f: [], a: [], c: [], k: [] }, hours: [], targets: [] };
  const length = text.length;
  let at = 0;
  // The integer starting at or after `at` (skipping what is not a digit or a minus sign).
  const integer = (): number => {
    let code = text.charCodeAt(at);
    while (at < length && code !== MINUS && (code < ZERO || code > NINE)) code = text.charCodeAt((at += 1));
    const negative = code === MINUS;
    if (negative) code = text.charCodeAt((at += 1));
    let value = 0;
    while (code >= ZERO && code <= NINE) {
      value = value * 10 + (code - ZERO);
      code = text.charCodeAt((at += 1));
    }
    return negative ? -value : value;
  };
  for (;;) {
    while (at < length && text.charCodeAt(at) !== QUOTE) at += 1;
    if (at >= length) return parsed;
    const prefix = text.charAt(at + 1);
    at += 3;
    const value = integer();
    // Past the key's closing quote and its colon.
    at += 2;
    const count = integer();
    const list =
      prefix === 'h'
        ? parsed.hours
        : prefix === 't'
          ? parsed.targets
          : Object.hasOwn(INTERVAL_KEYS, prefix)
            ? parsed.histograms[prefix as IntervalKey]
            : null;
    list?.push(value, count);
  }
}

/** The Monday (ISO week) of a day, as date_trunc('week', …) answers it. */
function weekOf(day: string): string {
  const at = Date.parse(`${day}T00:00:00Z`);
  const back = (new Date(at).getUTCDay() + 6) % 7;
  return new Date(at - back * 86_400_000).toISOString().slice(0, 10);
}

const isoWeekday = (day: string): number => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
};

function group(map: Map<string, Figures>, key: string): Figures {
  let figures = map.get(key);
  if (!figures) {
    figures = new Figures();
    map.set(key, figures);
  }
  return figures;
}

export interface RolledUp extends BreakdownRows {
  /** The clinical target (minutes) every live case of the range shares; null when they differ or none. */
  readonly targetMinutes: number | null;
}

/** Every breakdown of the range, its trend by day or by ISO week, from the range's rollups. */
export async function readRolledUpBreakdowns(
  db: Queryable,
  filter: InsightsFilter,
  bucket: 'day' | 'week',
): Promise<RolledUp> {
  const rows = await readRollups(db, filter);
  const trend = new Map<string, Figures>();
  // Each row is added twice, to its trend point and to its hospital × specialty × urgency; those few then
  // make the hospital, specialty and urgency breakdowns (a histogram merge each, not a row's keys each).
  const combinations = new Map<string, { row: RollupRow; figures: Figures }>();
  // Cases by hour of the week, (ISO weekday - 1) × 24 + local hour.
  const hours: Histogram = [];
  const targets: Histogram = [];
  for (const row of rows) {
    const parsed = parseCounts(row.counts);
    group(trend, bucket === 'week' ? weekOf(row.day) : row.day).add(row, parsed);
    const key = `${row.hospital_id}\t${row.specialty_id}\t${row.urgency}`;
    let combination = combinations.get(key);
    if (!combination) {
      combination = { row, figures: new Figures() };
      combinations.set(key, combination);
    }
    combination.figures.add(row, parsed);
    const weekStart = (isoWeekday(row.day) - 1) * 24;
    for (let at = 0; at < parsed.hours.length; at += 2)
      addTo(hours, weekStart + (parsed.hours[at] ?? 0), parsed.hours[at + 1] ?? 0);
    for (let at = 0; at < parsed.targets.length; at += 2)
      addTo(targets, parsed.targets[at] ?? 0, parsed.targets[at + 1] ?? 0);
  }
  const byHospital = new Map<string, Figures>();
  const bySpecialty = new Map<string, Figures>();
  const byUrgency = new Map<string, Figures>();
  for (const { row, figures } of combinations.values()) {
    group(byHospital, row.hospital_id).merge(figures);
    group(bySpecialty, row.specialty_id).merge(figures);
    group(byUrgency, row.urgency).merge(figures);
  }
  const totals = new Figures();
  for (const figures of byHospital.values()) totals.merge(figures);
  const hospitalNames = await namesInOrder(db, 'hospitals', [...byHospital.keys()]);
  const specialtyNames = await namesInOrder(db, 'specialties', [...bySpecialty.keys()]);
  const urgencyOrder = ['emergent', 'urgent', 'routine'];
  const sharedTargets = targets.flatMap((count, minutes) => (count > 0 ? [minutes] : []));
  return {
    totals: totals.row(),
    trend: [...trend.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([start, figures]) => ({ start, figures: figures.row() })),
    byHospital: hospitalNames.map(({ id, name }) => ({ id, name, figures: group(byHospital, id).row() })),
    bySpecialty: specialtyNames.map(({ id, name }) => ({ id, name, figures: group(bySpecialty, id).row() })),
    byUrgency: urgencyOrder
      .filter((urgency) => byUrgency.has(urgency))
      .map((urgency) => ({ id: urgency, name: urgency, figures: group(byUrgency, urgency).row() })),
    byHourOfWeek: hours.flatMap((volume, at) =>
      volume > 0 ? [{ weekday: Math.floor(at / 24) + 1, hour: at % 24, volume }] : [],
    ),
    targetMinutes: sharedTargets.length === 1 ? (sharedTargets[0] ?? null) : null,
  };
}

/**
 * The figures of the whole range (the previous range's, to compare against): its whole months from the
 * monthly rows, its other days from the daily ones; the same sums, so the same figures.
 */
export async function readRolledUpTotals(db: Queryable, filter: InsightsFilter): Promise<FiguresRow> {
  const totals = new Figures();
  for (const row of await readRollupsByMonth(db, filter)) totals.add(row, parseCounts(row.counts));
  return totals.row();
}
