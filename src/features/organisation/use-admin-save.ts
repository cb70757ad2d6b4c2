// Shared by the administration forms: send a change, say so in a toast, put the server's field problems on
// the fields, and when the record changed under us (409) offer to reload it instead of overwriting.
import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api/index.ts';
import { showServerProblems } from '../../lib/forms/server-problems.ts';

export interface AdminSave<Values extends FieldValues> {
  /** Resolves to the answer, or undefined when the save failed (the problem is shown). */
  readonly run: <T>(
    send: () => Promise<T>,
    setError: UseFormSetError<Values>,
    success: string,
  ) => Promise<T | undefined>;
  readonly problem: string | null;
  /** The save met a newer version (or a clash): the form offers to reload. */
  readonly conflict: boolean;
  readonly reset: () => void;
}

export function useAdminSave<Values extends FieldValues>(fields: readonly string[]): AdminSave<Values> {
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const reset = () => {
    setProblem(null);
    setConflict(false);
  };
  const run = async <T>(send: () => Promise<T>, setError: UseFormSetError<Values>, success: string) => {
    reset();
    try {
      const answer = await send();
      // A plain toast: the rich success colours fall short of AA contrast for small text.
      toast(success);
      return answer;
    } catch (error) {
      setConflict(error instanceof ApiError && error.status === 409);
      setProblem(showServerProblems(error, setError, new Set(fields)));
      return undefined;
    }
  };
  return { run, problem, conflict, reset };
}
