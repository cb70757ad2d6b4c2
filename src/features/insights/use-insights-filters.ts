// The insights filters live in the URL (?preset=last30&specialtyId=…), so that a view can be shared as it is.
// A preset counts whole days back from today in the user's hospital's time zone; `custom` reads from and to.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Urgency } from '../../../generated/types.gen.ts';
import { dateTimeFormat } from '../../lib/intl-formats.ts';

export const PRESETS = {
  last7: { label: 'Last 7 days', days: 7 },
  last30: { label: 'Last 30 days', days: 30 },
  last90: { label: 'Last 90 days', days: 90 },
  last365: { label: 'Last 12 months', days: 365 },
  custom: { label: 'Custom range', days: 0 },
} as const;
export type Preset = keyof typeof PRESETS;

export interface InsightsFilters {
  readonly preset: Preset;
  readonly from: string;
  readonly to: string;
  readonly hospitalId: string;
  readonly specialtyId: string;
  readonly urgency: '' | Urgency;
  readonly bucket: 'day' | 'week';
}

const DAY = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date (YYYY-MM-DD) in the time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return dateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

export function presetRange(preset: Exclude<Preset, 'custom'>, today: string): { from: string; to: string } {
  const end = Date.parse(`${today}T00:00:00Z`);
  return { from: new Date(end - (PRESETS[preset].days - 1) * DAY).toISOString().slice(0, 10), to: today };
}

const isPreset = (value: string | null): value is Preset => value !== null && value in PRESETS;
const isUrgency = (value: string | null): value is Urgency =>
  value === 'emergent' || value === 'urgent' || value === 'routine';

export function readFilters(params: URLSearchParams, today: string): InsightsFilters {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const asked = params.get('preset');
  const preset: Preset = isPreset(asked) ? asked : DATE.test(from) && DATE.test(to) ? 'custom' : 'last30';
  const range =
    preset === 'custom'
      ? { from: DATE.test(from) ? from : today, to: DATE.test(to) ? to : today }
      : presetRange(preset, today);
  const urgency = params.get('urgency');
  return {
    preset,
    ...range,
    hospitalId: params.get('hospitalId') ?? '',
    specialtyId: params.get('specialtyId') ?? '',
    urgency: isUrgency(urgency) ? urgency : '',
    bucket: params.get('bucket') === 'week' ? 'week' : 'day',
  };
}

/** The API's query for the filters. */
export function toApiQuery(filters: InsightsFilters) {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.hospitalId ? { hospitalId: filters.hospitalId } : {}),
    ...(filters.specialtyId ? { specialtyId: filters.specialtyId } : {}),
    ...(filters.urgency ? { urgency: filters.urgency } : {}),
  };
}

export function useInsightsFilters(timeZone: string) {
  const [params, setParams] = useSearchParams();
  const today = todayIn(timeZone);
  // Kept while the address and the day stay: the figures' view renders again only when something changed.
  const filters = useMemo(() => readFilters(params, today), [params, today]);
  const update = useCallback(
    (changes: Partial<InsightsFilters>) => {
      const next = { ...filters, ...changes };
      const search = new URLSearchParams();
      search.set('preset', next.preset);
      if (next.preset === 'custom') {
        search.set('from', next.from);
        search.set('to', next.to);
      }
      if (next.hospitalId) search.set('hospitalId', next.hospitalId);
      if (next.specialtyId) search.set('specialtyId', next.specialtyId);
      if (next.urgency) search.set('urgency', next.urgency);
      if (next.bucket === 'week') search.set('bucket', 'week');
      setParams(search, { replace: true });
    },
    [filters, setParams],
  );
  return { filters, update };
}
