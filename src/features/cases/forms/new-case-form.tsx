// /emergency-room/doctor/cases/new: the case, its vital signs, the chosen specialty's triage questions and
// images. The draft is kept while typing; `Create case` sends it once (Idempotency-Key), then the images.
// Without a connection the doctor learns at once that the case is not sent, never from a spinner that turns
// on: no answer within 10 s is a failure too, with Retry, the draft kept and the same Idempotency-Key, so that
// a case the server did receive is not opened twice.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type * as z from 'zod/mini';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { createCaseMutation } from '../../../../generated/@tanstack/react-query.gen.ts';
import type { Case, CaseCreate, Specialty, TriageAssessment } from '../../../../generated/types.gen.ts';
import {
  zCreateCaseBody,
  zCreateCaseHeaders,
  zPatient,
  zUrgency,
  zVitalSigns,
} from '../../../../generated/zod.gen.ts';
import { urgencyColors } from '../../../components/theme.ts';
import { refreshAfterCaseChange } from '../api/invalidate.ts';
import type { AttachmentUploads } from '../api/use-attachment-uploads.ts';
import { FileDropZone } from '../components/file-drop-zone.tsx';
import { UploadList } from '../components/upload-list.tsx';
import { caseTexts, sexLabels, urgencyLabels } from '../labels.ts';
import { isoToWallTime } from '../../../lib/date-time.ts';
import { clearDraft, loadDraft, saveDraft } from './new-case-draft.ts';
import {
  emptyNewCase,
  newCaseSchema,
  type NewCaseValues,
  toCaseCreate,
  vitalFields,
} from './new-case-schema.ts';
import { showServerProblems } from '../../../lib/forms/server-problems.ts';
import { ApiError } from '../../../lib/api/index.ts';
import { TriageQuestionField } from './triage-question-field.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { requiredField } from '../../../components/required-field.ts';

export interface NewCaseFormProps {
  readonly userId: string;
  readonly timeZone: string;
  readonly specialties: readonly Specialty[];
  readonly assessments: readonly TriageAssessment[];
  /** The images chosen with the form; they are sent once the case exists. */
  readonly uploads: AttachmentUploads;
  readonly onCreated: (created: Case) => void;
  /** Shown under the specialty once one is chosen: who is on call for it now. */
  readonly specialtyNote?: (specialtyId: string) => ReactNode;
}

const STATIC_FIELDS = [
  'specialtyId',
  'urgency',
  'patient.age',
  'patient.sex',
  'patient.mrn',
  'patient.initials',
  'doorTime',
  'chiefComplaint',
  'clinicalSummary',
  ...vitalFields.map((vital) => `vitals.${vital.name}`),
];

function restore(draft: NewCaseValues, fresh: NewCaseValues): NewCaseValues {
  return {
    ...fresh,
    ...draft,
    patient: { ...fresh.patient, ...draft.patient },
    vitals: { ...fresh.vitals, ...draft.vitals },
    triageAnswers: { ...draft.triageAnswers },
  };
}

// The generated validator checks the headers as a plain object, but the client hands it a Headers instance,
// so it refuses every request; this checks the same schemas against what is really sent.
async function validateCreate(data: unknown): Promise<void> {
  const { body, headers } = data as { body?: unknown; headers?: unknown };
  await zCreateCaseBody.parseAsync(body);
  const key = headers instanceof Headers ? headers.get('Idempotency-Key') : undefined;
  await zCreateCaseHeaders.parseAsync({ 'Idempotency-Key': key });
}

/** How long a sending may go without an answer before the doctor is told it is not sent. */
export const SEND_TIMEOUT_MS = 10_000;

/** No answer from the server at all (no network, or none in time): the case may not have reached it. */
function gotNoAnswer(error: unknown): boolean {
  return (error instanceof ApiError && error.status === 0) || error instanceof TypeError;
}

function newKey(): string {
  return crypto.randomUUID();
}

const finite = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** The contract's bounds of a number schema (optional or not), for the input's own min and max. */
function bounds(schema: z.core.$ZodType): { min?: number; max?: number } {
  const def = schema._zod.def;
  const number = def.type === 'optional' ? (def as z.core.$ZodOptionalDef).innerType : schema;
  return { min: finite(number._zod.bag['minimum']), max: finite(number._zod.bag['maximum']) };
}

export function NewCaseForm({
  userId,
  timeZone,
  specialties,
  assessments,
  uploads,
  onCreated,
  specialtyNote,
}: NewCaseFormProps) {
  const queryClient = useQueryClient();
  const [initial] = useState(() => {
    const fresh = emptyNewCase(isoToWallTime(Date.now(), timeZone));
    const draft = loadDraft(userId);
    return draft
      ? { values: restore(draft.values, fresh), idempotencyKey: draft.idempotencyKey, restored: true }
      : { values: fresh, idempotencyKey: newKey(), restored: false };
  });
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [notSent, setNotSent] = useState<string | null>(null);
  const create = useMutation(createCaseMutation());

  const questionsFor = useMemo(() => {
    const bySpecialty = new Map(
      assessments.map((assessment) => [assessment.specialty.id, assessment.questions]),
    );
    return (specialtyId: string) => bySpecialty.get(specialtyId) ?? [];
  }, [assessments]);

  const resolver: Resolver<NewCaseValues, unknown, CaseCreate> = (values, context, options) =>
    (
      zodResolver(
        newCaseSchema(questionsFor(values.specialtyId), timeZone, undefined, values.urgency),
      ) as unknown as Resolver<NewCaseValues, unknown, CaseCreate>
    )(values, context, options);

  const form = useForm<NewCaseValues, unknown, CaseCreate>({
    defaultValues: initial.values,
    resolver,
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, subscribe, setError, formState } = form;
  const specialtyId = useWatch({ control, name: 'specialtyId' });
  const questions = questionsFor(specialtyId);

  useEffect(() => {
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        saveDraft(userId, { values, idempotencyKey: initial.idempotencyKey });
      },
    });
  }, [subscribe, userId, initial.idempotencyKey]);

  const onSubmit = handleSubmit(async (parsed) => {
    setFormProblem(null);
    setNotSent(null);
    const sending = new AbortController();
    const wait = { over: false };
    const timer = setTimeout(() => {
      wait.over = true;
      sending.abort();
    }, SEND_TIMEOUT_MS);
    try {
      const created = await create.mutateAsync({
        body: toCaseCreate(parsed),
        headers: { 'Idempotency-Key': initial.idempotencyKey },
        requestValidator: validateCreate,
        signal: sending.signal,
      });
      clearTimeout(timer);
      clearDraft(userId);
      await refreshAfterCaseChange(queryClient, created.id, created);
      onCreated(created);
    } catch (error) {
      clearTimeout(timer);
      if (wait.over || gotNoAnswer(error)) {
        setNotSent(
          wait.over
            ? 'The server did not answer within 10 seconds.'
            : 'The server could not be reached: check the network connection.',
        );
        return;
      }
      const fields = new Set([
        ...STATIC_FIELDS,
        ...questions.map((question) => `triageAnswers.${question.id}`),
      ]);
      setFormProblem(showServerProblems(error, setError, fields));
    }
  });

  const numberField = (
    name: 'patient.age' | `vitals.${keyof NewCaseValues['vitals']}`,
    label: string,
    extra: object,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          ref={field.ref}
          name={field.name}
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          allowNegative={false}
          // A value out of bounds is shown as an error rather than silently changed (140 is not 100).
          clampBehavior="none"
          {...extra}
        />
      )}
    />
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="New case">
      <Stack gap="lg">
        {initial.restored && (
          <Alert color="gray" title="Draft restored">
            Your unfinished case was kept. Check it and create it, or change what you need.
          </Alert>
        )}
        <Fieldset legend="Case">
          <Stack gap="sm">
            <SelectField
              control={control}
              name="specialtyId"
              label={caseTexts.specialty}
              placeholder="Choose a specialty…"
              options={specialties.map((specialty) => ({ value: specialty.id, label: specialty.name }))}
            />
            {specialtyNote?.(specialtyId)}
            <Controller
              control={control}
              name="urgency"
              render={({ field, fieldState }) => (
                <Radio.Group
                  label={caseTexts.urgency}
                  required
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                >
                  <Group gap="lg" mt={4}>
                    {zUrgency.options.map((urgency) => (
                      <Radio
                        key={urgency}
                        value={urgency}
                        label={urgencyLabels[urgency]}
                        color={urgencyColors[urgency]}
                      />
                    ))}
                  </Group>
                </Radio.Group>
              )}
            />
            <TextInput
              {...register('doorTime')}
              type="datetime-local"
              label={caseTexts.arrivalTime}
              description={`In the hospital's time (${timeZone})`}
              {...requiredField}
              error={formState.errors.doorTime?.message}
            />
            <TextInput
              {...register('chiefComplaint')}
              label={caseTexts.chiefComplaint}
              {...requiredField}
              maxLength={200}
              error={formState.errors.chiefComplaint?.message}
            />
            <Textarea
              {...register('clinicalSummary')}
              label={caseTexts.summary}
              autosize
              minRows={3}
              maxLength={5000}
              error={formState.errors.clinicalSummary?.message}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend="Patient">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {numberField('patient.age', caseTexts.age, {
              ...requiredField,
              ...bounds(zPatient.shape.age),
              suffix: ' y',
              allowDecimal: false,
            })}
            <SelectField
              control={control}
              name="patient.sex"
              label={caseTexts.sex}
              placeholder="Choose…"
              options={zPatient.shape.sex.options.map((sex) => ({ value: sex, label: sexLabels[sex] }))}
            />
            <TextInput
              {...register('patient.mrn')}
              label={caseTexts.mrn}
              description="Optional"
              maxLength={40}
              error={formState.errors.patient?.mrn?.message}
            />
            <TextInput
              {...register('patient.initials')}
              label="Initials"
              description="Optional, letters only, never a name"
              maxLength={4}
              error={formState.errors.patient?.initials?.message}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Vital signs">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {vitalFields.map((vital) => (
              <div key={vital.name}>
                {numberField(`vitals.${vital.name}`, `${vital.label} (${vital.unit})`, {
                  ...bounds(zVitalSigns.shape[vital.name]),
                  decimalScale: vital.decimals ?? 0,
                  allowDecimal: vital.decimals !== undefined,
                })}
              </div>
            ))}
          </SimpleGrid>
        </Fieldset>

        {questions.length > 0 && (
          <Fieldset legend="Triage questions">
            <Stack gap="sm">
              {questions.map((question) => (
                <TriageQuestionField key={question.id} question={question} control={control} />
              ))}
            </Stack>
          </Fieldset>
        )}

        <Fieldset legend="Images">
          <Stack gap="sm">
            <FileDropZone
              onFiles={(files) => {
                uploads.add(files);
              }}
            />
            <UploadList items={uploads.items} onRemove={uploads.remove} />
            <Text size="xs" c="dimmed">
              Images are sent once the case is created.
            </Text>
          </Stack>
        </Fieldset>

        {notSent !== null && (
          <Alert color="red" title="The case is not sent" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {notSent} Your draft is kept on this device. Press Retry to send it: it is sent once, however
                often you press.
              </Text>
              <Button
                variant="default"
                mih={44}
                onClick={() => {
                  void onSubmit();
                }}
                loading={formState.isSubmitting}
              >
                Retry sending
              </Button>
            </Stack>
          </Alert>
        )}
        {formProblem !== null && (
          <Alert color="gray" title="The case was not created" role="alert">
            {formProblem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            {caseTexts.createCase}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
