// The server's field problems ({ detail: [{ loc, msg }] }) on the fields they name; what names no field of
// the form comes back as one message for the form as a whole.
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, errorText, fieldProblems } from '../api/index.ts';

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Puts each problem on its field when `fields` has it (`["body", "patient", "age"]` is `patient.age`), and
 * returns the message for the rest, or null when every problem found its field.
 */
export function showServerProblems<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: ReadonlySet<string>,
): string | null {
  const problems = error instanceof ApiError && error.status < 500 ? fieldProblems(error.data) : [];
  if (problems.length === 0) return errorText(error);
  const unplaced: string[] = [];
  let focused = false;
  for (const problem of problems) {
    const path = (problem.loc[0] === 'body' ? problem.loc.slice(1) : problem.loc).join('.');
    if (fields.has(path)) {
      setError(
        path as FieldPath<Values>,
        { type: 'server', message: sentence(problem.msg) },
        {
          shouldFocus: !focused,
        },
      );
      focused = true;
    } else {
      unplaced.push(path === '' ? problem.msg : `${path} ${problem.msg}`);
    }
  }
  return unplaced.length > 0 ? unplaced.join('; ') : null;
}
