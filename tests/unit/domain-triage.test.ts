import { describe, expect, it } from 'vitest';
import type { TriageQuestion } from '../../generated/types.gen.ts';
import { validateTriageAnswers } from '../../server/src/domain/triage.ts';

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
      { loc: ['body', 'triageAnswers', 'anticoagulated'], msg: 'is required (Anticoagulated)' },
      { loc: ['body', 'triageAnswers', 'side'], msg: 'must be one of: left, right' },
      { loc: ['body', 'triageAnswers', 'notes'], msg: 'must be a text' },
    ]);
  });

  it('refuses a wrong type', () => {
    expect(validateTriageAnswers(questions.slice(1, 3), { nihss: '9', anticoagulated: 'yes' })).toHaveLength(
      2,
    );
  });
});
