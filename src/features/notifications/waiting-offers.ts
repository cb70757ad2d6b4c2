// The offers waiting for the reader: the cases offered to them that they have not answered, as the server lists
// them ("offered to me"). It is what the offer alert shows, what the tab's title and the app badge count, and
// it is refetched with the case lists on every event; an offer event puts its case in at once.
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listCasesOptions } from '../../../generated/@tanstack/react-query.gen.ts';
import type { CaseList, CaseSummary, ServerEvent } from '../../../generated/types.gen.ts';

// More offers than this at once is a mass casualty: the alert shows the first, the case box has them all.
const WAITING_LIMIT = 50;

export const waitingOffersOptions = () =>
  listCasesOptions({ query: { scope: 'offered', limit: WAITING_LIMIT } });

/** Offered to the reader, not answered, and the case still waiting for a specialist. */
export function isWaitingFor(item: CaseSummary, readerId: string): boolean {
  return (
    (item.status === 'pending' || item.status === 'escalated') &&
    item.offeredTo.some((offer) => offer.specialist.id === readerId)
  );
}

/** The notifications that (re)alert a specialist: an offer (first, or moved on to them), a re-alert. */
const ALERTING_KINDS = new Set(['case_offered', 'case_realerted']);

/** The case an event alerts the reader to: offered to them and waiting; null for every other event. */
export function offerAlertOf(event: ServerEvent, readerId: string | undefined): CaseSummary | null {
  const item = event.case;
  if (event.type !== 'notification' || item === undefined || readerId === undefined) return null;
  if (event.notification === undefined || !ALERTING_KINDS.has(event.notification.kind)) return null;
  return isWaitingFor(item, readerId) ? item : null;
}

/** Puts the case in the reader's waiting offers (once), before the refetch the event starts confirms it. */
export function addWaitingOffer(queryClient: QueryClient, item: CaseSummary): void {
  const { queryKey } = waitingOffersOptions();
  queryClient.setQueryData<CaseList>(queryKey, (list) => {
    if (list === undefined) return list;
    const others = list.items.filter((other) => other.id !== item.id);
    return { ...list, items: [item, ...others] };
  });
}

/**
 * The alert's order: emergent offers first, then the rest; the newest first within each, so that the offer that
 * has just arrived is the one on top of its kind, not below older ones that already rang.
 */
export function alertOrder(a: CaseSummary, b: CaseSummary): number {
  const rank = (item: CaseSummary): number => (item.urgency === 'emergent' ? 0 : 1);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  return Date.parse(b.createdAt) - Date.parse(a.createdAt);
}

/** The offers waiting for the reader; empty for anyone who is not a specialist (nothing is asked then). */
export function useWaitingOffers(readerId: string | undefined, specialist: boolean): readonly CaseSummary[] {
  const { data } = useQuery({ ...waitingOffersOptions(), enabled: specialist && readerId !== undefined });
  return useMemo(
    () =>
      readerId === undefined || data === undefined
        ? []
        : data.items.filter((item) => isWaitingFor(item, readerId)).sort(alertOrder),
    [data, readerId],
  );
}
