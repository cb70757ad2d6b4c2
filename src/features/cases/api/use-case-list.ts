// One keyset-paged list of cases: the generated infinite query, flattened for the list, with "Load more".
import { useInfiniteQuery } from '@tanstack/react-query';
import { listCasesInfiniteOptions } from '../../../../generated/@tanstack/react-query.gen.ts';
import type { ListCasesData } from '../../../../generated/types.gen.ts';
import { retryText } from '../../../lib/api/index.ts';

export type CaseListQuery = NonNullable<ListCasesData['query']>;

// A page a person scans at a glance; "Load more" brings the next.
const PAGE_SIZE = 20;

export type CaseListResult = ReturnType<typeof useCaseList>;

export function useCaseList(query: CaseListQuery) {
  const result = useInfiniteQuery({
    ...listCasesInfiniteOptions({ query: { limit: PAGE_SIZE, ...query } }),
    initialPageParam: { query: {} },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
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
