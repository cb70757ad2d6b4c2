// Shared by the case's small forms: run a generated mutation, refresh the case and its lists, and put the
// server's field problems on the fields (or one message above the buttons).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import type { Case } from '../../../../generated/types.gen.ts';
import { refreshAfterCaseChange } from '../api/invalidate.ts';
import { showServerProblems } from '../../../lib/forms/server-problems.ts';

export function useCaseAction<Values extends FieldValues>(caseId: string, fields: readonly string[]) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (send: () => Promise<unknown>, setError: UseFormSetError<Values>): Promise<boolean> => {
    setProblem(null);
    try {
      const result = await send();
      const changed =
        typeof result === 'object' && result !== null && 'offers' in result ? (result as Case) : undefined;
      await refreshAfterCaseChange(queryClient, caseId, changed);
      return true;
    } catch (error) {
      setProblem(showServerProblems(error, setError, new Set(fields)));
      await refreshAfterCaseChange(queryClient, caseId);
      return false;
    }
  };
  return { run, problem };
}
