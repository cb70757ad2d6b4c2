// After a change to a case: show the answer at once, and refetch every list and view it may appear in.
import type { QueryClient } from '@tanstack/react-query';
import { getCaseQueryKey } from '../../../../generated/@tanstack/react-query.gen.ts';
import type { Case } from '../../../../generated/types.gen.ts';

function operationOf(queryKey: readonly unknown[]): string | undefined {
  const head = queryKey[0];
  if (typeof head !== 'object' || head === null || !('_id' in head)) return undefined;
  return typeof head._id === 'string' ? head._id : undefined;
}

function isCaseQuery(queryKey: readonly unknown[], caseId: string): boolean {
  const head = queryKey[0] as { path?: { caseId?: unknown } } | undefined;
  return head?.path?.caseId === caseId;
}

export async function refreshAfterCaseChange(
  queryClient: QueryClient,
  caseId: string,
  changed?: Case,
): Promise<void> {
  if (changed) queryClient.setQueryData(getCaseQueryKey({ path: { caseId } }), changed);
  await queryClient.invalidateQueries({
    predicate: ({ queryKey }) => {
      const operation = operationOf(queryKey);
      if (operation === 'listCases') return true;
      return (
        (operation === 'getCase' || operation === 'listCaseAttachments') && isCaseQuery(queryKey, caseId)
      );
    },
  });
}
