// What a changed case does to one cached case list: whether the list can take the case as it stands now in
// place (the card changes, nothing else), or only the server can say what the list holds now (a case arrives,
// leaves the list's filter, or moves in its order). The filters are the server's (the listCases query), read
// the way the server reads them (server/src/cases/case-list-repository.ts, which the SPA cannot import).
import type { InfiniteData } from '@tanstack/react-query';
import type { CaseList, CaseSummary, ListCasesData } from '../../../generated/types.gen.ts';
import { attentionOrder } from './offered-case.ts';

export type CaseListQuery = NonNullable<ListCasesData['query']>;

/** A list query's data: one page (a plain listCases query) or the pages of an infinite one. */
export type CaseListData = CaseList | InfiniteData<CaseList>;

/** Whether the case belongs to the list: true, false, or null when only the server can tell (a search). */
export function belongsTo(
  item: CaseSummary,
  query: CaseListQuery,
  readerId: string | undefined,
): boolean | null {
  if (query.status !== undefined && query.status.length > 0 && !query.status.includes(item.status))
    return false;
  if (query.specialtyId !== undefined && item.specialty.id !== query.specialtyId) return false;
  if (query.urgency !== undefined && item.urgency !== query.urgency) return false;
  if (query.from !== undefined && Date.parse(item.createdAt) < Date.parse(query.from)) return false;
  if (query.to !== undefined && Date.parse(item.createdAt) >= Date.parse(query.to)) return false;
  if (query.scope === 'mine' || query.scope === 'offered') {
    if (readerId === undefined) return null;
    if (query.scope === 'mine' && item.openedBy.id !== readerId && item.assignedTo?.id !== readerId)
      return false;
    if (
      query.scope === 'offered' &&
      (!(item.status === 'pending' || item.status === 'escalated') ||
        !item.offeredTo.some((offer) => offer.specialist.id === readerId))
    )
      return false;
  }
  // The words of a search are matched by the server; a case the reader may read is one the list may show.
  if (query.q !== undefined && query.q.trim() !== '') return null;
  return true;
}

function pagesOf(data: CaseListData): readonly CaseList[] {
  return 'pages' in data ? data.pages : [data];
}

/** The list's copy of the case, if it holds one. */
export function heldIn(data: CaseListData | undefined, caseId: string): CaseSummary | undefined {
  if (data === undefined) return undefined;
  for (const page of pagesOf(data)) {
    const found = page.items.find((item) => item.id === caseId);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Whether the case keeps its place in the list's order (`newest` orders by creation, which never changes). */
export function keepsItsPlace(before: CaseSummary, after: CaseSummary, query: CaseListQuery): boolean {
  return query.sort === 'newest' || attentionOrder(before, after) === 0;
}

/**
 * The list with each case it holds replaced by the case as it stands now. Every other card keeps its object, so
 * its memoised render is skipped; a list that holds none of them comes back as it was.
 */
export function patchList<T extends CaseListData>(data: T, changed: ReadonlyMap<string, CaseSummary>): T {
  const patchPage = (page: CaseList): CaseList => {
    if (!page.items.some((item) => changed.has(item.id))) return page;
    return { ...page, items: page.items.map((item) => changed.get(item.id) ?? item) };
  };
  if ('pages' in data) {
    const pages = data.pages.map(patchPage);
    return pages.every((page, index) => page === data.pages[index]) ? data : { ...data, pages };
  }
  const page = patchPage(data);
  return (page === data ? data : page) as T;
}

/** What the case asks of one list: a patch in place, a refetch, or nothing. */
export function changeFor(
  data: CaseListData | undefined,
  query: CaseListQuery,
  item: CaseSummary,
  readerId: string | undefined,
  arrived: boolean,
): 'patch' | 'refetch' | 'none' {
  // A case the event already put in (an offer) is there ahead of the server: the list is asked whether it is.
  const held = arrived ? undefined : heldIn(data, item.id);
  const belongs = belongsTo(item, query, readerId);
  if (held === undefined) return belongs === false ? 'none' : 'refetch';
  if (belongs === false) return 'refetch';
  return keepsItsPlace(held, item, query) ? 'patch' : 'refetch';
}
