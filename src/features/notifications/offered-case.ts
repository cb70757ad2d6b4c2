// An offer that carries its case (the event's `case`) goes straight into the reader's cached case box, "offered
// to me", at its place in the worklists' order: the card then costs the screen a render, not a round trip to the
// list. The refetch that every event starts still runs (server-events.ts) and its answer replaces this one: the
// server stays the source of truth; this only shows its answer early.
import type { InfiniteData, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { CaseList, CaseStatus, CaseSummary, ServerEvent } from '../../../generated/types.gen.ts';

// The worklists' attention order, as the server orders the list (server/src/domain/attention.ts, which the SPA
// cannot import): unaccepted emergent cases first, then the other unaccepted, both by their target time
// (earliest, so most overdue, first); then the rest; within a rank newest first, then by id.
const UNACCEPTED: readonly CaseStatus[] = ['pending', 'escalated'];

function attentionRank(item: CaseSummary): 0 | 1 | 2 {
  if (!UNACCEPTED.includes(item.status)) return 2;
  return item.urgency === 'emergent' ? 0 : 1;
}

/** Negative when `a` comes before `b` in the worklists' attention order. */
export function attentionOrder(a: CaseSummary, b: CaseSummary): number {
  const rank = attentionRank(a);
  if (rank !== attentionRank(b)) return rank - attentionRank(b);
  if (rank < 2) {
    const byTarget = Date.parse(a.targetDueAt) - Date.parse(b.targetDueAt);
    if (byTarget !== 0) return byTarget;
  }
  const byCreated = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  if (byCreated !== 0) return byCreated;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/**
 * The case box's "offered to me" list: the infinite listCases query of scope `offered` in the attention order
 * with no other filter. A list with filters is left to its refetch: whether the case matches is the server's call.
 */
function isOfferedBox(queryKey: QueryKey): boolean {
  const head = queryKey[0] as
    { _id?: unknown; _infinite?: unknown; query?: Record<string, unknown> } | undefined;
  if (head?._id !== 'listCases' || head._infinite !== true) return false;
  const query = head.query ?? {};
  return (
    query['scope'] === 'offered' &&
    (query['sort'] === undefined || query['sort'] === 'attention') &&
    Object.keys(query).every((name) => name === 'scope' || name === 'sort' || name === 'limit')
  );
}

/**
 * The pages with the case at its place: once (an earlier copy is taken out), in the page where the order puts it;
 * after the last loaded card only when no page follows (else it belongs to a page not loaded yet, and waits there).
 */
export function placeInPages(
  data: InfiniteData<CaseList> | undefined,
  item: CaseSummary,
): InfiniteData<CaseList> | undefined {
  if (data === undefined || data.pages.length === 0) return data;
  const pages = data.pages.map((page) =>
    page.items.some((other) => other.id === item.id)
      ? { ...page, items: page.items.filter((other) => other.id !== item.id) }
      : page,
  );
  for (const [index, page] of pages.entries()) {
    const at = page.items.findIndex((other) => attentionOrder(item, other) < 0);
    if (at === -1) continue;
    pages[index] = { ...page, items: [...page.items.slice(0, at), item, ...page.items.slice(at)] };
    return { ...data, pages };
  }
  const lastIndex = pages.length - 1;
  const last = pages[lastIndex];
  if (last !== undefined && last.nextCursor === null)
    pages[lastIndex] = { ...last, items: [...last.items, item] };
  return { ...data, pages };
}

/**
 * Puts the event's case into the reader's cached case box when it is offered to the reader: whether a case box
 * was there to take it. The caller refetches the box after it (invalidateForEvent), as for every event.
 */
export function showOfferedCase(
  queryClient: QueryClient,
  event: ServerEvent,
  readerId: string | undefined,
): boolean {
  const item = event.case;
  if (item === undefined || readerId === undefined) return false;
  // Another specialist's offer is not the reader's to list, whatever the event says.
  if (!item.offeredTo.some((offer) => offer.specialist.id === readerId)) return false;
  const filters = { predicate: (query: Query) => isOfferedBox(query.queryKey) };
  if (queryClient.getQueryCache().findAll(filters).length === 0) return false;
  // A list request already under way was answered before this change: stopped, its answer would put the list
  // back without the case until the refetch.
  void queryClient.cancelQueries(filters);
  queryClient.setQueriesData<InfiniteData<CaseList>>(filters, (data) => placeInPages(data, item));
  return true;
}
