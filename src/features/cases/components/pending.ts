// What a case still waits for from its emergency room: an emergent case is sent with the minimum data set,
// and its vital signs and required triage answers may follow. The case page marks them "Pending", and the
// ER side's form to add them asks exactly these.
import type { Case, TriageQuestion } from '../../../../generated/types.gen.ts';

export interface PendingAnswers {
  /** No vital sign was given yet. */
  readonly vitals: boolean;
  /** The required questions not answered yet, in the order they were asked. */
  readonly questions: readonly TriageQuestion[];
}

export function pendingOf(
  item: Pick<Case, 'vitals' | 'triageAnswers'>,
  questions: readonly TriageQuestion[],
): PendingAnswers {
  return {
    vitals: Object.keys(item.vitals).length === 0,
    questions: questions.filter((question) => question.required && !(question.id in item.triageAnswers)),
  };
}

export function hasPending(pending: PendingAnswers): boolean {
  return pending.vitals || pending.questions.length > 0;
}
