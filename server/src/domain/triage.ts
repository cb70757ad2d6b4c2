// Validates a case's triage answers against its specialty's triage assessment. Pure.
import type { FieldProblem, TriageAnswers, TriageQuestion } from '../../../generated/types.gen.ts';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function problemWith(question: TriageQuestion, value: unknown): string | null {
  switch (question.kind) {
    case 'yes_no':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (question.min != null && value < question.min) return `must be at least ${question.min}`;
      if (question.max != null && value > question.max) return `must be at most ${question.max}`;
      return null;
    }
    case 'choice':
      return typeof value === 'string' && (question.choices ?? []).includes(value)
        ? null
        : `must be one of: ${(question.choices ?? []).join(', ')}`;
    case 'text':
      return typeof value === 'string' && value.trim() !== '' ? null : 'must be a text';
    case 'date_time':
      return typeof value === 'string' && ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))
        ? null
        : 'must be a date-time such as 2026-11-22T08:10:00Z';
  }
}

/** Every problem, one per field; empty when the answers fit the questions. */
export function validateTriageAnswers(
  questions: readonly TriageQuestion[],
  answers: TriageAnswers,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const known = new Map(questions.map((question) => [question.id, question]));
  for (const id of Object.keys(answers)) {
    if (!known.has(id))
      problems.push({ loc: ['body', 'triageAnswers', id], msg: 'is not a question of this specialty' });
  }
  for (const question of questions) {
    const value = answers[question.id];
    if (value === undefined) {
      if (question.required)
        problems.push({
          loc: ['body', 'triageAnswers', question.id],
          msg: `is required (${question.label})`,
        });
      continue;
    }
    const problem = problemWith(question, value);
    if (problem !== null) problems.push({ loc: ['body', 'triageAnswers', question.id], msg: problem });
  }
  return problems;
}
