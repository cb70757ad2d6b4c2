// `Add vitals and answers`: the ER side completes a case sent with the minimum data set. The form asks exactly
// what the case page shows as pending (the vital signs when none was given, the required questions not
// answered), with the new-case form's fields and bounds; each may be left for later, but one at least is
// sent. Every error names its field and the fault ("Heart rate: must be at most 350").
import { zodResolver } from '@hookform/resolvers/zod';
import { Fieldset, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { addCaseAnswersMutation } from '../../../../generated/@tanstack/react-query.gen.ts';
import type { CaseAnswersAdd, TriageQuestion } from '../../../../generated/types.gen.ts';
import { zCaseAnswersAdd, zVitalSigns } from '../../../../generated/zod.gen.ts';
import { FormFooter } from '../../../components/form-footer.tsx';
import type { PendingAnswers } from '../components/pending.ts';
import { answerSchema, type NewCaseValues, vitalFields, vitalSchemas } from './new-case-schema.ts';
import { TriageQuestionField } from './triage-question-field.tsx';
import { useCaseAction } from './use-case-action.ts';

export const addAnswersTexts = {
  action: 'Add vitals and answers',
  save: 'Save',
  nothingGiven: 'Enter at least one vital sign or answer, or go back.',
} as const;

type AnswersValues = Pick<NewCaseValues, 'vitals' | 'triageAnswers'>;

const emptyVitals: NewCaseValues['vitals'] = {
  heartRate: '',
  systolicBp: '',
  diastolicBp: '',
  respiratoryRate: '',
  spo2: '',
  temperatureC: '',
  gcs: '',
};

/** Only the answers given: a field left blank is not sent, and stays pending. */
function given(record: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record ?? {}).filter(([, value]) => value !== undefined));
}

function schemaFor(pending: PendingAnswers, timeZone: string) {
  return z.pipe(
    z.object({
      vitals: pending.vitals ? z.object(vitalSchemas) : z.optional(z.unknown()),
      triageAnswers: z.object(
        Object.fromEntries(
          pending.questions.map((question) => [question.id, answerSchema(question, timeZone, false)]),
        ),
      ),
    }),
    z.transform(({ vitals, triageAnswers }) => {
      const body: CaseAnswersAdd = {};
      const signs = given(pending.vitals ? (vitals as Record<string, unknown>) : {});
      const answers = given(triageAnswers);
      if (Object.keys(signs).length > 0) body.vitals = signs;
      if (Object.keys(answers).length > 0) body.triageAnswers = answers as CaseAnswersAdd['triageAnswers'];
      return zCaseAnswersAdd.parse(body);
    }),
  );
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Every field's error starts with the field's name, as the new-case form's missing answers do. */
function named(errors: FieldErrors<AnswersValues>, labels: ReadonlyMap<string, string>): void {
  for (const group of ['vitals', 'triageAnswers'] as const) {
    const fields = (errors[group] ?? {}) as Record<string, { message?: string } | undefined>;
    for (const [name, error] of Object.entries(fields)) {
      const label = labels.get(`${group}.${name}`);
      if (label === undefined || error?.message === undefined || error.message.startsWith(`${label}:`))
        continue;
      error.message = `${label}: ${lowerFirst(error.message)}`;
    }
  }
}

export interface AddAnswersDialogProps {
  readonly caseId: string;
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly pending: PendingAnswers;
  readonly timeZone: string;
}

export function AddAnswersDialog({ caseId, opened, onClose, pending, timeZone }: AddAnswersDialogProps) {
  const add = useMutation(addCaseAnswersMutation());
  const labels = new Map<string, string>([
    ...vitalFields.map((vital) => [`vitals.${vital.name}`, vital.label] as const),
    ...pending.questions.map((question) => [`triageAnswers.${question.id}`, question.label] as const),
  ]);
  const resolver: Resolver<AnswersValues, unknown, CaseAnswersAdd> = async (values, context, options) => {
    const result = await (
      zodResolver(schemaFor(pending, timeZone)) as unknown as Resolver<AnswersValues, unknown, CaseAnswersAdd>
    )(values, context, options);
    named(result.errors, labels);
    return result;
  };
  const form = useForm<AnswersValues, unknown, CaseAnswersAdd>({
    resolver,
    defaultValues: { vitals: emptyVitals, triageAnswers: {} },
    mode: 'onTouched',
  });
  const action = useCaseAction<AnswersValues>(caseId, [...labels.keys()]);
  const onSubmit = form.handleSubmit(async (body) => {
    if (body.vitals === undefined && body.triageAnswers === undefined) {
      form.setError('root', { type: 'empty', message: addAnswersTexts.nothingGiven });
      return;
    }
    if (await action.run(() => add.mutateAsync({ path: { caseId }, body }), form.setError)) {
      form.reset();
      onClose();
    }
  });
  const problem = form.formState.errors.root?.message ?? action.problem;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={addAnswersTexts.action}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={addAnswersTexts.action}>
        <Stack gap="md">
          <Text size="sm">
            What is still pending. Fill in what you have; anything left blank stays pending and can be added
            later.
          </Text>
          {pending.vitals && (
            <Fieldset legend="Vital signs">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                {vitalFields.map((vital) => (
                  <Controller
                    key={vital.name}
                    control={form.control}
                    name={`vitals.${vital.name}`}
                    render={({ field, fieldState }) => {
                      const bounds = zVitalSigns.shape[vital.name].def.innerType._zod.bag;
                      return (
                        <NumberInput
                          ref={field.ref}
                          name={field.name}
                          label={`${vital.label} (${vital.unit})`}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          error={fieldState.error?.message}
                          allowNegative={false}
                          clampBehavior="none"
                          min={typeof bounds.minimum === 'number' ? bounds.minimum : undefined}
                          max={typeof bounds.maximum === 'number' ? bounds.maximum : undefined}
                          decimalScale={vital.decimals ?? 0}
                          allowDecimal={vital.decimals !== undefined}
                        />
                      );
                    }}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>
          )}
          {pending.questions.length > 0 && (
            <Fieldset legend="Triage questions">
              <Stack gap="sm">
                {pending.questions.map((question: TriageQuestion) => (
                  <TriageQuestionField
                    key={question.id}
                    question={question}
                    required={false}
                    // The field reads and writes `triageAnswers.<id>`, which this form holds as the new-case
                    // form does.
                    control={form.control as unknown as Parameters<typeof TriageQuestionField>[0]['control']}
                  />
                ))}
              </Stack>
            </Fieldset>
          )}
          <FormFooter
            problem={problem ?? null}
            submitting={form.formState.isSubmitting}
            submitLabel={addAnswersTexts.save}
            onBack={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
