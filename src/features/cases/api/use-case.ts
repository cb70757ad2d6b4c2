// One case, and the questions of its specialty to label the triage answers.
import { useQuery } from '@tanstack/react-query';
import {
  getCaseOptions,
  listTriageAssessmentsOptions,
} from '../../../../generated/@tanstack/react-query.gen.ts';
import { retryText } from '../../../lib/api/index.ts';

export function useCase(caseId: string) {
  const caseQuery = useQuery(getCaseOptions({ path: { caseId } }));
  const assessments = useQuery(listTriageAssessmentsOptions());
  const specialtyId = caseQuery.data?.specialty.id;
  const questions =
    assessments.data?.items.find((assessment) => assessment.specialty.id === specialtyId)?.questions ?? [];
  return {
    item: caseQuery.data,
    /** What the person can do about a failed load, for the error state with Retry. */
    error: caseQuery.error === null ? null : retryText(caseQuery.error),
    retry: () => {
      void caseQuery.refetch();
    },
    retrying: caseQuery.isRefetching,
    questions,
  };
}
