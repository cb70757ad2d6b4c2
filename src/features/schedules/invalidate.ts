// After a schedule change: every list of shifts, the coverage and the specialists' schedules are read again.
import type { QueryClient } from '@tanstack/react-query';

const SCHEDULE_QUERIES = new Set(['listShifts', 'getCoverage', 'listMyShifts', 'listSpecialistSchedules']);

export function invalidateSchedules(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      SCHEDULE_QUERIES.has((query.queryKey[0] as { _id?: string } | undefined)?._id ?? ''),
  });
}
