// One keyset-paged list of cases: the generated infinite query, flattened for the list, with "Load more".
import { type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { listCasesInfiniteOptions } from '../../../../generated/@tanstack/react-query.gen.ts';
import type { ListCasesData } from '../../../../generated/types.gen.ts';
import { retryText } from '../../../lib/api/index.ts';
import { refetchOnMountUnlessFresh } from '../../../lib/query-client.ts';

export type CaseListQuery = NonNullable<ListCasesData['query']>;

// A page a person scans at a glance; "Load more" brings the next.
const PAGE_SIZE = 20;

export type CaseListResult = ReturnType<typeof useCaseList>;

function caseListOptions(query: CaseListQuery) {
  return {
    ...listCasesInfiniteOptions({ query: { limit: PAGE_SIZE, ...query } }),
    initialPageParam: { query: {} },
    getNextPageParam: (last: { nextCursor?: string | null }) => last.nextCursor ?? undefined,
  };
}

/** The list's first page asked for now (at start-up, before the screen renders): the screen then finds it under way. */
export function prefetchCaseList(client: QueryClient, query: CaseListQuery): void {
  client.infiniteQuery(caseListOptions(query)).catch(() => undefined);
}

export function useCaseList(query: CaseListQuery) {
  const result = useInfiniteQuery({
    ...caseListOptions(query),
    refetchOnMount: refetchOnMountUnlessFresh,
  });
  return {
    cases: result.data?.pages.flatMap((page) => page.items) ?? [],
    isPending: result.isPending,
    error: result.error === null ? null : retryText(result.error),
    retry: () => {
      void result.refetch();
    },
    retrying: result.isRefetching,
    hasNextPage: result.hasNextPage,
    isFetchingNextPage: result.isFetchingNextPage,
    loadMore: () => {
      void result.fetchNextPage();
    },
  };
}
