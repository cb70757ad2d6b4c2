// The triage editor's questions as it holds them (drafts with keys that survive reordering), their
// conversion to and from the contract's questions, a question's one-line description, and the server's
// problems sorted by the question they name.
import type { TriageQuestion } from '../../../generated/types.gen.ts';
import { ApiError, errorText, fieldProblems } from '../../lib/api/index.ts';

export type Kind = TriageQuestion['kind'];

export const kindLabels: Record<Kind, string> = {
  yes_no: 'Yes / no',
  number: 'Number',
  choice: 'Single choice',
  text: 'Free text',
  date_time: 'Date and time',
};

/** A question as the editor holds it: inputs' values, and a key of its own that survives reordering. */
export interface Draft {
  readonly key: string;
  readonly id: string;
  readonly kind: Kind;
  readonly label: string;
  readonly required: boolean;
  readonly unit: string;
  readonly min: number | '';
  readonly max: number | '';
  /** One option per line. */
  readonly choices: string;
}

let drafted = 0;
function nextKey(): string {
  drafted += 1;
  return `draft-${drafted}`;
}

/** A key for a new question: unique in practice, and fit for the contract's pattern. */
export function newQuestionId(): string {
  return `q_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
}

export function toDraft(question: TriageQuestion): Draft {
  return {
    key: nextKey(),
    id: question.id,
    kind: question.kind,
    label: question.label,
    required: question.required,
    unit: question.unit ?? '',
    min: question.min ?? '',
    max: question.max ?? '',
    choices: (question.choices ?? []).join('\n'),
  };
}

export function toQuestion(draft: Draft): TriageQuestion {
  const base = { id: draft.id, kind: draft.kind, label: draft.label.trim(), required: draft.required };
  if (draft.kind === 'number') {
    return {
      ...base,
      unit: draft.unit.trim() === '' ? null : draft.unit.trim(),
      min: draft.min === '' ? null : draft.min,
      max: draft.max === '' ? null : draft.max,
    };
  }
  if (draft.kind === 'choice') {
    return {
      ...base,
      choices: draft.choices
        .split('\n')
        .map((choice) => choice.trim())
        .filter((choice) => choice !== ''),
    };
  }
  return base;
}

export function describe(question: TriageQuestion): string {
  const parts = [kindLabels[question.kind]];
  if (question.kind === 'number') {
    if (question.unit) parts.push(question.unit);
    if (question.min != null || question.max != null)
      parts.push(`${question.min ?? '…'}–${question.max ?? '…'}`);
  }
  if (question.kind === 'choice') parts.push((question.choices ?? []).join(', '));
  return parts.join(' · ');
}

/** The server's problems by question index, and the ones that name no question. */
export function problemsByQuestion(error: unknown): { byIndex: Map<number, string[]>; other: string | null } {
  const byIndex = new Map<number, string[]>();
  if (!(error instanceof ApiError)) return { byIndex, other: errorText(error) };
  const problems = error.status < 500 ? fieldProblems(error.data) : [];
  if (problems.length === 0) return { byIndex, other: errorText(error) };
  const other: string[] = [];
  for (const problem of problems) {
    const index = problem.loc[0] === 'body' && problem.loc[1] === 'questions' ? problem.loc[2] : undefined;
    if (typeof index === 'number') byIndex.set(index, [...(byIndex.get(index) ?? []), problem.msg]);
    else other.push(`${problem.loc.join('.')} ${problem.msg}`);
  }
  return { byIndex, other: other.length > 0 ? other.join('; ') : null };
}
