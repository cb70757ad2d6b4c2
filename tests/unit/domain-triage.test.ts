import { describe, expect, it } from 'vitest';
import type { TriageQuestion } from '../../generated/types.gen.ts';
import {
  assessmentProblems,
  normaliseQuestion,
  validateTriageAnswers,
} from '../../server/src/domain/triage.ts';

const questions: TriageQuestion[] = [
  { id: 'onset', kind: 'date_time', label: 'Onset', required: true },
  { id: 'nihss', kind: 'number', label: 'NIHSS', required: true, min: 0, max: 42, unit: 'points' },
  { id: 'anticoagulated', kind: 'yes_no', label: 'Anticoagulated', required: true },
  { id: 'side', kind: 'choice', label: 'Side', required: false, choices: ['left', 'right'] },
  { id: 'notes', kind: 'text', label: 'Notes', required: false },
];

describe('triage answers', () => {
  it('accepts answers that fit', () => {
    expect(
      validateTriageAnswers(questions, {
        onset: '2026-11-22T08:10:00Z',
        nihss: 9,
        anticoagulated: false,
        side: 'left',
      }),
    ).toEqual([]);
  });

  it('names each missing, unknown or wrong answer', () => {
    expect(
      validateTriageAnswers(questions, {
        onset: 'yesterday',
        nihss: 43,
        side: 'middle',
        notes: ' ',
        extra: true,
      }),
    ).toEqual([
      { loc: ['body', 'triageAnswers', 'extra'], msg: 'is not a question of this specialty' },
      { loc: ['body', 'triageAnswers', 'onset'], msg: 'must be a date-time such as 2026-11-22T08:10:00Z' },
      { loc: ['body', 'triageAnswers', 'nihss'], msg: 'must be at most 42' },
      { loc: ['body', 'triageAnswers', 'anticoagulated'], msg: 'Anticoagulated: choose yes or no' },
      { loc: ['body', 'triageAnswers', 'side'], msg: 'must be one of: left, right' },
      { loc: ['body', 'triageAnswers', 'notes'], msg: 'must be a text' },
    ]);
  });

  it('lets an emergent case leave required questions for later, but still checks the answers it gives', () => {
    expect(validateTriageAnswers(questions, {}, 'emergent')).toEqual([]);
    expect(validateTriageAnswers(questions, { nihss: 43 }, 'emergent')).toEqual([
      { loc: ['body', 'triageAnswers', 'nihss'], msg: 'must be at most 42' },
    ]);
    for (const urgency of ['urgent', 'routine'] as const) {
      expect(validateTriageAnswers(questions, {}, urgency).map((problem) => problem.msg)).toContain(
        'Anticoagulated: choose yes or no',
      );
    }
  });

  it('refuses a wrong type', () => {
    expect(validateTriageAnswers(questions.slice(1, 3), { nihss: '9', anticoagulated: 'yes' })).toHaveLength(
      2,
    );
  });
});

describe('an assessment that can be answered', () => {
  it('accepts every kind when each can be answered', () => {
    expect(assessmentProblems(questions)).toEqual([]);
    expect(
      assessmentProblems([{ id: 'n', kind: 'number', label: 'Exactly', required: true, min: 3, max: 3 }]),
    ).toEqual([]);
  });

  it('names each fault with its question', () => {
    expect(
      assessmentProblems([
        { id: 'a', kind: 'number', label: 'GCS', required: true, min: 15, max: 3 },
        { id: 'a', kind: 'choice', label: 'Side', required: false, choices: ['left', ' '] },
        { id: 'c', kind: 'choice', label: 'Imaging', required: false, choices: [] },
      ]),
    ).toEqual([
      {
        loc: ['body', 'questions', 0, 'min'],
        msg: 'Question 1 (GCS): its minimum (15) is above its maximum (3)',
      },
      {
        loc: ['body', 'questions', 1, 'id'],
        msg: 'Question 2 (Side): its key a is already the key of question 1',
      },
      { loc: ['body', 'questions', 1, 'choices'], msg: 'Question 2 (Side): an option is blank' },
      { loc: ['body', 'questions', 2, 'choices'], msg: 'Question 3 (Imaging): give it at least one option' },
    ]);
  });

  it('keeps only the fields of a question’s kind, trimmed', () => {
    expect(
      normaliseQuestion({
        id: 'x',
        kind: 'yes_no',
        label: ' Seizure? ',
        required: false,
        unit: 'mg',
        min: 1,
        choices: ['a'],
      }),
    ).toEqual({ id: 'x', kind: 'yes_no', label: 'Seizure?', required: false });
    expect(
      normaliseQuestion({ id: 'n', kind: 'number', label: 'Dose', required: true, unit: ' ', min: 0 }),
    ).toEqual({ id: 'n', kind: 'number', label: 'Dose', required: true, unit: null, min: 0, max: null });
  });
});
