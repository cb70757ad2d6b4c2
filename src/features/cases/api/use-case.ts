// One case, and the questions of its specialty to label the triage answers.
import { useQuery } from '@tanstack/react-query';
import {
  getCaseOptions,
  listTriageAssessmentsOptions,
} from '../../../../generated/@tanstack/react-query.gen.ts';
import { errorText } from '../../../lib/api/index.ts';

export function useCase(caseId: string) {
  const caseQuery = useQuery(getCaseOptions({ path: { caseId } }));
  const assessments = useQuery(listTriageAssessmentsOptions());
  const specialtyId = caseQuery.data?.specialty.id;
  const questions =
    assessments.data?.items.find((assessment) => assessment.specialty.id === specialtyId)?.questions ?? [];
  return {
    item: caseQuery.data,
    error: caseQuery.error === null ? null : errorText(caseQuery.error),
    questions,
  };
}
