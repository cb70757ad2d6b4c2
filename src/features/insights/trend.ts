// The trend on a continuous time axis: every day (or week, from its Monday) of the range has a place, those
// without cases too, so a chart spaces time evenly and shows empty days as gaps.
import type { InsightFigures, InsightTrendPoint } from '../../../generated/types.gen.ts';

const DAY = 86_400_000;

/** A point rests on too few cases to read much into below this many. */
export const MIN_CASES_PER_POINT = 5;

export interface TrendSlot {
  /** The day, or the Monday of the week (YYYY-MM-DD). */
  readonly start: string;
  /** Null for a day or week without cases. */
  readonly figures: InsightFigures | null;
}

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

export function continuousTrend(
  trend: readonly InsightTrendPoint[],
  range: { readonly from: string; readonly to: string },
  bucket: 'day' | 'week',
): TrendSlot[] {
  const byStart = new Map(trend.map((point) => [point.start, point.figures]));
  let time = Date.parse(`${range.from}T00:00:00Z`);
  const end = Date.parse(`${range.to}T00:00:00Z`);
  const step = bucket === 'week' ? 7 * DAY : DAY;
  // A week starts on its Monday, which may fall before the range's first day.
  if (bucket === 'week') time -= ((new Date(time).getUTCDay() + 6) % 7) * DAY;
  const slots: TrendSlot[] = [];
  for (; time <= end && slots.length < 400; time += step) {
    const start = dayOf(time);
    slots.push({ start, figures: byStart.get(start) ?? null });
  }
  return slots;
}
