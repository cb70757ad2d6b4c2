// The ER case list's filters and the list query they make. Kept apart from the filter panel, which loads
// only when opened, so the list itself can be asked for at once.
import type { CaseStatus, Urgency } from '../../../../generated/types.gen.ts';
import type { CaseListQuery } from '../../../features/cases/index.ts';
import { wallTimeToIso } from '../../../lib/date-time.ts';

export interface CaseFilters {
  status: CaseStatus[];
  specialtyId: string;
  urgency: string;
  from: string;
  to: string;
  q: string;
}

export const noFilters: CaseFilters = { status: [], specialtyId: '', urgency: '', from: '', to: '', q: '' };

/** How many filters are set, for the button that shows and hides them. */
export function activeFilterCount(filters: CaseFilters): number {
  return (
    (filters.status.length > 0 ? 1 : 0) +
    [filters.specialtyId, filters.urgency, filters.from, filters.to, filters.q.trim()].filter((v) => v !== '')
      .length
  );
}

// A date from a date input is a day in the hospital: from its first minute, to the first minute of the next.
function dayStart(date: string, timeZone: string, addDays = 0): string | undefined {
  if (date === '') return undefined;
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + addDays);
  return wallTimeToIso(`${day.toISOString().slice(0, 10)}T00:00`, timeZone) ?? undefined;
}

export function toCaseListQuery(filters: CaseFilters, q: string, timeZone: string): CaseListQuery {
  const query: CaseListQuery = { scope: 'all' };
  if (filters.status.length > 0) query.status = filters.status;
  if (filters.specialtyId !== '') query.specialtyId = filters.specialtyId;
  if (filters.urgency !== '') query.urgency = filters.urgency as Urgency;
  const from = dayStart(filters.from, timeZone);
  const to = dayStart(filters.to, timeZone, 1);
  if (from) query.from = from;
  if (to) query.to = to;
  if (q.trim() !== '') query.q = q.trim();
  return query;
}
