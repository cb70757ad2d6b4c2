// The new-case form's values and their validation. The form holds what inputs hold (text, numbers or '',
// hospital wall times); the schema turns them into the contract's CaseCreate, checked with the generated
// Zod schemas, plus the chosen specialty's triage questions.
import * as z from 'zod/mini';
import type { CaseCreate, TriageQuestion } from '../../../../generated/types.gen.ts';
import {
  zCaseCreate,
  zPatient,
  zTriageAnswerValue,
  zUrgency,
  zVitalSigns,
} from '../../../../generated/zod.gen.ts';
import { texts } from '../../../config/texts.ts';
import { wallTimeToIso } from '../../../lib/date-time.ts';
import { preprocess } from '../../../lib/forms/preprocess.ts';

export type NumberValue = number | '';

export interface NewCaseValues {
  specialtyId: string;
  urgency: string;
  patient: { age: NumberValue; sex: string; mrn: string; initials: string };
  doorTime: string;
  chiefComplaint: string;
  clinicalSummary: string;
  vitals: {
    heartRate: NumberValue;
    systolicBp: NumberValue;
    diastolicBp: NumberValue;
    respiratoryRate: NumberValue;
    spo2: NumberValue;
    temperatureC: NumberValue;
    gcs: NumberValue;
  };
  /** Keyed by question id: 'yes' or 'no', a number, a choice, text, or a hospital wall time. */
  triageAnswers: Record<string, string | number | undefined>;
}

export type VitalName = keyof NewCaseValues['vitals'];

/** The vital signs, their labels and units; their bounds are the contract's. */
export const vitalFields: readonly { name: VitalName; label: string; unit: string; decimals?: number }[] = [
  { name: 'heartRate', label: 'Heart rate', unit: 'bpm' },
  { name: 'systolicBp', label: 'Systolic BP', unit: 'mmHg' },
  { name: 'diastolicBp', label: 'Diastolic BP', unit: 'mmHg' },
  { name: 'respiratoryRate', label: 'Respiratory rate', unit: '/min' },
  { name: 'spo2', label: 'SpO2', unit: '%' },
  { name: 'temperatureC', label: 'Temperature', unit: '°C', decimals: 1 },
  { name: 'gcs', label: 'GCS', unit: '3–15' },
];

// How far in the future an arrival time may be before it is a typing mistake (clocks differ a little).
const CLOCK_SKEW_MS = 5 * 60_000;

export const newCaseMessages = {
  chooseSpecialty: 'Choose the specialty to ask',
  chooseUrgency: 'Choose how urgent the case is',
  chooseSex: "Choose the patient's sex (Unknown if it is not known)",
  arrivalInFuture: 'The arrival time cannot be in the future',
  wholeNumber: 'Enter a whole number',
} as const;

function blank(value: unknown): boolean {
  return value === '' || value === null || value === undefined;
}

const orUndefined = (value: unknown) => (blank(value) ? undefined : value);

function numberOrUndefined(value: unknown): unknown {
  if (blank(value)) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : Number(value);
  return value;
}

const trimmed = () => z.string().check(z.trim());

function wallTime(timeZone: string, missing?: { error: (issue: { input?: unknown }) => string | undefined }) {
  return z.pipe(
    z.string(missing),
    z.transform((wall: string, context) => {
      const iso = wallTimeToIso(wall, timeZone);
      if (iso === null) {
        context.issues.push({ code: 'custom', message: texts.validationInvalidDate, input: wall });
        return z.NEVER;
      }
      return iso;
    }),
  );
}

/**
 * What a required question left unanswered says, naming the field and the fault ("Killip class: choose
 * one"), as the server's triage validation (server/src/domain/triage.ts) words it.
 */
export function missingAnswerText(question: TriageQuestion): string {
  const label = question.label;
  switch (question.kind) {
    case 'yes_no':
      return `${label}: choose yes or no`;
    case 'choice':
      return `${label}: choose one`;
    case 'number':
      return `${label}: enter a number${question.unit ? ` in ${question.unit}` : ''}`;
    case 'text':
      return `${label}: enter an answer`;
    case 'date_time':
      return `${label}: enter a date and a time such as 14:30`;
  }
}

/**
 * An answer's schema. `required` is the question's own flag, except for an emergent case, which is sent with
 * the minimum data set: its triage answers may follow.
 */
export function answerSchema(question: TriageQuestion, timeZone: string, required: boolean): z.ZodMiniType {
  let schema: z.ZodMiniType;
  // Only a missing answer gets these words; a wrong one keeps its own ("Must be at most 42").
  const text = missingAnswerText(question);
  const missing = { error: (issue: { input?: unknown }) => (issue.input === undefined ? text : undefined) };
  switch (question.kind) {
    case 'yes_no':
      return preprocess(
        (value) => (value === 'yes' ? true : value === 'no' ? false : undefined),
        required ? z.boolean(missing) : z.optional(z.boolean()),
      );
    case 'number': {
      let number = z.number(missing);
      if (question.min !== null && question.min !== undefined) number = number.check(z.gte(question.min));
      if (question.max !== null && question.max !== undefined) number = number.check(z.lte(question.max));
      schema = number;
      break;
    }
    case 'choice':
      schema =
        question.choices && question.choices.length > 0
          ? z.enum(question.choices, missing)
          : z.string(missing);
      break;
    case 'text':
      schema = z.pipe(z.string(missing).check(z.trim()), zTriageAnswerValue.def.options[2]);
      break;
    case 'date_time':
      schema = wallTime(timeZone, missing);
      break;
  }
  return preprocess(
    question.kind === 'number' ? numberOrUndefined : orUndefined,
    required ? schema : z.optional(schema),
  );
}

/** Each vital sign's schema: the input's number, or '' for none; the contract's bounds. */
export const vitalSchemas = Object.fromEntries(
  Object.entries(zVitalSigns.shape).map(([name, schema]) => [name, preprocess(numberOrUndefined, schema)]),
);

/** The schema for the given specialty's questions, reading wall times in the hospital's zone. */
export function newCaseSchema(
  questions: readonly TriageQuestion[],
  timeZone: string,
  now = () => Date.now(),
  urgency?: string,
) {
  const emergent = urgency === 'emergent';
  return z.object({
    specialtyId: z.pipe(
      z.string().check(z.minLength(1, newCaseMessages.chooseSpecialty)),
      zCaseCreate.shape.specialtyId,
    ),
    urgency: preprocess(orUndefined, z.enum(zUrgency.options, newCaseMessages.chooseUrgency)),
    patient: z.object({
      age: preprocess(numberOrUndefined, zPatient.shape.age),
      sex: preprocess(orUndefined, z.enum(zPatient.shape.sex.options, newCaseMessages.chooseSex)),
      mrn: preprocess(
        orUndefined,
        z.optional(z.pipe(trimmed(), zPatient.shape.mrn.def.innerType.def.innerType)),
      ),
      initials: preprocess(
        orUndefined,
        z.optional(z.pipe(trimmed(), zPatient.shape.initials.def.innerType.def.innerType)),
      ),
    }),
    doorTime: z.pipe(
      wallTime(timeZone).check(
        z.refine<string>(
          (iso) => new Date(iso).getTime() <= now() + CLOCK_SKEW_MS,
          newCaseMessages.arrivalInFuture,
        ),
      ),
      zCaseCreate.shape.doorTime,
    ),
    chiefComplaint: z.pipe(trimmed(), zCaseCreate.shape.chiefComplaint),
    clinicalSummary: preprocess(
      orUndefined,
      z.optional(z.pipe(trimmed(), zCaseCreate.shape.clinicalSummary.def.innerType)),
    ),
    vitals: z.object(vitalSchemas),
    triageAnswers: z.object(
      Object.fromEntries(
        questions.map((question) => [
          question.id,
          answerSchema(question, timeZone, question.required && !emergent),
        ]),
      ),
    ),
  });
}

/**
 * The contract's payload, as the schema produced it, without the optional questions left unanswered; the
 * generated schema has the last word.
 */
export function toCaseCreate(parsed: {
  readonly triageAnswers?: Readonly<Record<string, unknown>> | undefined;
}): CaseCreate {
  const answers = Object.entries(parsed.triageAnswers ?? {}).filter(([, value]) => value !== undefined);
  return zCaseCreate.parse({ ...parsed, triageAnswers: Object.fromEntries(answers) });
}

export function emptyNewCase(doorTime: string): NewCaseValues {
  return {
    specialtyId: '',
    urgency: '',
    patient: { age: '', sex: '', mrn: '', initials: '' },
    doorTime,
    chiefComplaint: '',
    clinicalSummary: '',
    vitals: {
      heartRate: '',
      systolicBp: '',
      diastolicBp: '',
      respiratoryRate: '',
      spo2: '',
      temperatureC: '',
      gcs: '',
    },
    triageAnswers: {},
  };
}
