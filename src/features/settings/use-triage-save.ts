// Saving a triage assessment: the whole list of questions with the version it was read at. The server keeps
// it as the next version, refuses a stale one (409: someone else saved first) and an assessment that cannot
// be answered (422, each problem named by its question). The hook holds whether there are unsaved changes and
// the last failure, which any change clears.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  getTriageAssessmentQueryKey,
  listTriageAssessmentsQueryKey,
  saveTriageAssessmentMutation,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { TriageAssessment, TriageQuestion } from '../../../generated/types.gen.ts';
import { ApiError } from '../../lib/api/index.ts';
import { problemsByQuestion } from './triage-drafts.ts';

export function useTriageSave(assessment: TriageAssessment) {
  const queryClient = useQueryClient();
  const save = useMutation(saveTriageAssessmentMutation());
  const [dirty, setDirty] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const { byIndex, other } =
    failure === null ? { byIndex: new Map<number, string[]>(), other: null } : problemsByQuestion(failure);
  const conflict = failure instanceof ApiError && failure.status === 409;

  /** The questions changed: they are unsaved, and the last failure no longer describes them. */
  const changed = () => {
    setDirty(true);
    setFailure(null);
  };
  const saveQuestions = async (questions: TriageQuestion[]) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        path: { specialtyId: assessment.specialty.id },
        body: { version: assessment.version, questions },
      });
      queryClient.setQueryData(
        getTriageAssessmentQueryKey({ path: { specialtyId: assessment.specialty.id } }),
        saved,
      );
      await queryClient.invalidateQueries({ queryKey: listTriageAssessmentsQueryKey() });
      setDirty(false);
      toast(`${assessment.specialty.name} triage assessment saved as version ${saved.version}`);
    } catch (error) {
      setFailure(error);
    }
  };

  return {
    dirty,
    failed: failure !== null,
    conflict,
    /** The server's problems by question index. */
    byIndex,
    /** The problem to show when it names no question (or the request failed otherwise). */
    other,
    saving: save.isPending,
    changed,
    save: saveQuestions,
  };
}
