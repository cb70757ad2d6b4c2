// Validates a case's triage answers against its specialty's triage assessment. Pure.
import type { FieldProblem, TriageAnswers, TriageQuestion, Urgency } from '../../../generated/types.gen.ts';

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

/** What to do about a required question left unanswered, in words that name the fault. */
export function missingAnswer(question: TriageQuestion): string {
  switch (question.kind) {
    case 'yes_no':
      return 'choose yes or no';
    case 'choice':
      return 'choose one';
    case 'number':
      return `enter a number${question.unit ? ` in ${question.unit}` : ''}`;
    case 'text':
      return 'enter an answer';
    case 'date_time':
      return 'enter a date and a time such as 14:30';
  }
}

/**
 * Every problem, one per field; empty when the answers fit the questions. An emergent case is sent with the
 * minimum data set: its required questions may be left unanswered (the specialist sees them as pending);
 * an answer given is still checked. Urgent and routine cases answer every required question.
 */
export function validateTriageAnswers(
  questions: readonly TriageQuestion[],
  answers: TriageAnswers,
  urgency: Urgency = 'urgent',
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
      if (question.required && urgency !== 'emergent')
        problems.push({
          loc: ['body', 'triageAnswers', question.id],
          msg: `${question.label}: ${missingAnswer(question)}`,
        });
      continue;
    }
    const problem = problemWith(question, value);
    if (problem !== null) problems.push({ loc: ['body', 'triageAnswers', question.id], msg: problem });
  }
  return problems;
}

function questionName(question: TriageQuestion, index: number): string {
  const label = question.label.trim();
  return label === '' ? `Question ${index + 1}` : `Question ${index + 1} (${label})`;
}

/**
 * Why an assessment could not be answered, one problem per fault: a blank label, a key used twice, a number
 * whose minimum exceeds its maximum, a choice without options or with the same option twice. Empty when
 * every question can be answered.
 */
export function assessmentProblems(questions: readonly TriageQuestion[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Map<string, number>();
  questions.forEach((question, index) => {
    const name = questionName(question, index);
    const at = (field: string): FieldProblem['loc'] => ['body', 'questions', index, field];
    if (question.label.trim() === '') problems.push({ loc: at('label'), msg: `${name}: give it a label` });
    const first = seen.get(question.id);
    if (first === undefined) seen.set(question.id, index);
    else {
      problems.push({
        loc: at('id'),
        msg: `${name}: its key ${question.id} is already the key of question ${first + 1}`,
      });
    }
    if (question.kind === 'number' && question.min != null && question.max != null) {
      if (question.min > question.max) {
        problems.push({
          loc: at('min'),
          msg: `${name}: its minimum (${question.min}) is above its maximum (${question.max})`,
        });
      }
    }
    if (question.kind === 'choice') {
      const options = (question.choices ?? []).map((choice) => choice.trim());
      if (options.length === 0)
        problems.push({ loc: at('choices'), msg: `${name}: give it at least one option` });
      if (options.some((option) => option === ''))
        problems.push({ loc: at('choices'), msg: `${name}: an option is blank` });
      const twice = options.find((option, i) => option !== '' && options.indexOf(option) !== i);
      if (twice !== undefined)
        problems.push({ loc: at('choices'), msg: `${name}: the option ${twice} is there twice` });
    }
  });
  return problems;
}

/** The question as it is kept: trimmed, with only the fields of its kind. */
export function normaliseQuestion(question: TriageQuestion): TriageQuestion {
  const base: TriageQuestion = {
    id: question.id,
    kind: question.kind,
    label: question.label.trim(),
    required: question.required,
  };
  if (question.kind === 'number') {
    const unit = question.unit?.trim();
    return { ...base, unit: unit ? unit : null, min: question.min ?? null, max: question.max ?? null };
  }
  if (question.kind === 'choice') return { ...base, choices: (question.choices ?? []).map((c) => c.trim()) };
  return base;
}
