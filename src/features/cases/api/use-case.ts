// One case, with the triage questions of the version it was answered with (the case carries them), so that
// its answers read as they were asked, whatever the assessment became since.
import { useQuery } from '@tanstack/react-query';
import { getCaseOptions } from '../../../../generated/@tanstack/react-query.gen.ts';
import { retryText } from '../../../lib/api/index.ts';

export function useCase(caseId: string) {
  const caseQuery = useQuery(getCaseOptions({ path: { caseId } }));
  return {
    item: caseQuery.data,
    /** What the person can do about a failed load, for the error state with Retry. */
    error: caseQuery.error === null ? null : retryText(caseQuery.error),
    retry: () => {
      void caseQuery.refetch();
    },
    retrying: caseQuery.isRefetching,
    questions: caseQuery.data?.triageQuestions ?? [],
  };
}
