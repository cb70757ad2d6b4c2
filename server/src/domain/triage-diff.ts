// What a save changes in a triage assessment: nothing (an identical save writes no version and no audit
// entry), or the questions removed, added and changed, and the new order when it moved. The audit log keeps
// this difference rather than both whole versions. Pure.
import type { TriageQuestion } from '../../../generated/types.gen.ts';

/** Key order does not matter (a version read back from jsonb has its keys in the database's order). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function sameQuestion(a: TriageQuestion, b: TriageQuestion): boolean {
  return canonical(a) === canonical(b);
}

/** Whether two versions ask the same questions, the same way, in the same order. */
export function sameQuestions(a: readonly TriageQuestion[], b: readonly TriageQuestion[]): boolean {
  return (
    a.length === b.length && a.every((question, index) => sameQuestion(question, b[index] as TriageQuestion))
  );
}

export interface AssessmentDiff {
  readonly before: {
    readonly version: number;
    readonly removed: TriageQuestion[];
    readonly changed: TriageQuestion[];
  };
  readonly after: {
    readonly version: number;
    readonly added: TriageQuestion[];
    readonly changed: TriageQuestion[];
    /** The question ids in their new order, only when the questions kept moved. */
    readonly order?: string[];
  };
}

/** The audit log's record of a save: what went, what came, what changed (before and after), the order. */
export function assessmentDiff(
  before: { readonly version: number; readonly questions: readonly TriageQuestion[] },
  after: { readonly version: number; readonly questions: readonly TriageQuestion[] },
): AssessmentDiff {
  const old = new Map(before.questions.map((question) => [question.id, question]));
  const now = new Map(after.questions.map((question) => [question.id, question]));
  const changedIds = before.questions
    .filter((question) => {
      const next = now.get(question.id);
      return next !== undefined && !sameQuestion(question, next);
    })
    .map((question) => question.id);
  const keptBefore = before.questions
    .filter((question) => now.has(question.id))
    .map((question) => question.id);
  const keptAfter = after.questions.filter((question) => old.has(question.id)).map((question) => question.id);
  const moved = keptBefore.join('\n') !== keptAfter.join('\n');
  return {
    before: {
      version: before.version,
      removed: before.questions.filter((question) => !now.has(question.id)),
      changed: changedIds.map((id) => old.get(id) as TriageQuestion),
    },
    after: {
      version: after.version,
      added: after.questions.filter((question) => !old.has(question.id)),
      changed: changedIds.map((id) => now.get(id) as TriageQuestion),
      ...(moved ? { order: after.questions.map((question) => question.id) } : {}),
    },
  };
}
