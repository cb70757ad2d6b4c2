import { describe, expect, it } from 'vitest';
import type { TriageQuestion } from '../../generated/types.gen.ts';
import { configureZod } from '../../src/lib/forms/zod-error-map.ts';
import {
  emptyNewCase,
  newCaseMessages,
  newCaseSchema,
  type NewCaseValues,
  toCaseCreate,
} from '../../src/features/cases/forms/new-case-schema.ts';

const questions: TriageQuestion[] = [
  { id: 'tq_onset', kind: 'date_time', label: 'Symptom onset', required: true },
  { id: 'tq_nihss', kind: 'number', label: 'NIHSS score', required: true, unit: 'points', min: 0, max: 42 },
  { id: 'tq_anticoagulated', kind: 'yes_no', label: 'On anticoagulants?', required: true },
  { id: 'tq_imaging', kind: 'choice', label: 'Imaging done', required: false, choices: ['None', 'CT'] },
  { id: 'tq_notes', kind: 'text', label: 'Notes', required: false },
];

const now = Date.parse('2026-11-22T14:00:00.000Z');

function filled(): NewCaseValues {
  const values = emptyNewCase('2026-11-22T08:41');
  values.specialtyId = 'spc_neurology';
  values.urgency = 'emergent';
  values.patient = { age: 67, sex: 'female', mrn: '', initials: '' };
  values.chiefComplaint = '  Sudden left-sided weakness ';
  values.clinicalSummary = 'On apixaban.';
  values.vitals.heartRate = 92;
  values.triageAnswers = {
    tq_onset: '2026-11-22T08:10',
    tq_nihss: 9,
    tq_anticoagulated: 'yes',
    tq_imaging: '',
  };
  return values;
}

configureZod();

function issues(values: NewCaseValues): Record<string, string> {
  const result = newCaseSchema(questions, 'Europe/London', () => now).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the new-case schema', () => {
  it('turns the form into the contract payload, times read in the hospital zone', () => {
    const parsed = newCaseSchema(questions, 'America/New_York', () => now).parse(filled());
    const payload = toCaseCreate(parsed);
    expect(payload).toEqual({
      specialtyId: 'spc_neurology',
      urgency: 'emergent',
      patient: { age: 67, sex: 'female' },
      doorTime: '2026-11-22T13:41:00.000Z',
      chiefComplaint: 'Sudden left-sided weakness',
      clinicalSummary: 'On apixaban.',
      vitals: { heartRate: 92 },
      triageAnswers: { tq_onset: '2026-11-22T13:10:00.000Z', tq_nihss: 9, tq_anticoagulated: true },
    });
  });

  it('names what is missing or out of bounds in words a person can act on', () => {
    const values = emptyNewCase('2026-11-22T08:41');
    values.vitals.spo2 = 140;
    values.triageAnswers = { tq_nihss: 50 };
    const found: Record<string, string> = issues(values);
    expect(Object.keys(found).sort()).toEqual(
      [
        'chiefComplaint',
        'patient.age',
        'patient.sex',
        'specialtyId',
        'triageAnswers.tq_anticoagulated',
        'triageAnswers.tq_nihss',
        'triageAnswers.tq_onset',
        'urgency',
        'vitals.spo2',
      ].sort(),
    );
    expect(found['specialtyId']).toBe(newCaseMessages.chooseSpecialty);
    expect(found['urgency']).toBe(newCaseMessages.chooseUrgency);
    expect(found['patient.age']).toBe('Required');
    expect(found['chiefComplaint']).toBe('Required');
    expect(found['vitals.spo2']).toBe('Must be at most 100');
    expect(found['triageAnswers.tq_nihss']).toBe('Must be at most 42');
  });

  it('refuses an arrival time in the future', () => {
    const values = filled();
    values.doorTime = '2026-11-22T16:00';
    expect(issues(values)).toEqual({ doorTime: newCaseMessages.arrivalInFuture });
  });

  it('asks only the chosen specialty questions', () => {
    const parsed = newCaseSchema([], 'Europe/London', () => now).parse(filled());
    expect(toCaseCreate(parsed).triageAnswers).toEqual({});
  });
});

describe('the minimum data set of an emergent case', () => {
  const unanswered = (urgency: string): NewCaseValues => ({
    ...filled(),
    urgency,
    triageAnswers: { tq_onset: '', tq_nihss: '', tq_anticoagulated: '', tq_imaging: '' },
  });
  const schemaFor = (urgency: string) => newCaseSchema(questions, 'Europe/London', () => now, urgency);

  it('sends an emergent case with its required questions left for later', () => {
    const parsed = toCaseCreate(schemaFor('emergent').parse(unanswered('emergent')));
    expect(parsed.triageAnswers).toEqual({});
  });

  it.each(['urgent', 'routine'])(
    'keeps the questions required for a %s case, each fault naming its field',
    (urgency) => {
      const result = schemaFor(urgency).safeParse(unanswered(urgency));
      expect(result.success).toBe(false);
      const messages = Object.fromEntries(
        (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
      );
      expect(messages).toEqual({
        'triageAnswers.tq_onset': 'Symptom onset: enter a date and a time such as 14:30',
        'triageAnswers.tq_nihss': 'NIHSS score: enter a number in points',
        'triageAnswers.tq_anticoagulated': 'On anticoagulants?: choose yes or no',
      });
    },
  );
});
