// One triage question as the input its kind asks for.
import { NativeSelect, NumberInput, Radio, Group, Textarea, TextInput } from '@mantine/core';
import { type Control, Controller } from 'react-hook-form';
import type { CaseCreate, TriageQuestion } from '../../../../generated/types.gen.ts';
import type { NewCaseValues } from './new-case-schema.ts';
import { requiredField } from '../../../components/required-field.ts';

export interface TriageQuestionFieldProps {
  readonly question: TriageQuestion;
  readonly control: Control<NewCaseValues, unknown, CaseCreate>;
  /** Whether the form needs an answer; the question's own flag unless the form says otherwise. */
  readonly required?: boolean;
}

function label(question: TriageQuestion): string {
  return question.kind === 'number' && question.unit
    ? `${question.label} (${question.unit})`
    : question.label;
}

export function TriageQuestionField({
  question,
  control,
  required = question.required,
}: TriageQuestionFieldProps) {
  const name = `triageAnswers.${question.id}` as const;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const common = {
          label: label(question),
          ...(required ? requiredField : {}),
          error: fieldState.error?.message,
        };
        switch (question.kind) {
          case 'yes_no':
            return (
              <Radio.Group
                {...common}
                // A group's wrapper takes no aria-required: its radios carry `required`.
                aria-required={undefined}
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={field.onChange}
                name={field.name}
              >
                <Group gap="lg" mt={4}>
                  <Radio value="yes" label="Yes" />
                  <Radio value="no" label="No" />
                </Group>
              </Radio.Group>
            );
          case 'number':
            return (
              <NumberInput
                {...common}
                ref={field.ref}
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                clampBehavior="none"
                min={question.min ?? undefined}
                max={question.max ?? undefined}
                description={
                  question.min !== null &&
                  question.min !== undefined &&
                  question.max !== null &&
                  question.max !== undefined
                    ? `${question.min}–${question.max}`
                    : undefined
                }
              />
            );
          case 'choice':
            return (
              <NativeSelect
                {...common}
                ref={field.ref}
                name={field.name}
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={(event) => {
                  field.onChange(event.currentTarget.value);
                }}
                onBlur={field.onBlur}
                data={[{ value: '', label: 'Choose…' }, ...(question.choices ?? [])]}
              />
            );
          case 'text':
            return (
              <Textarea
                {...common}
                ref={field.ref}
                name={field.name}
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={(event) => {
                  field.onChange(event.currentTarget.value);
                }}
                onBlur={field.onBlur}
                autosize
                minRows={2}
              />
            );
          case 'date_time':
            return (
              <TextInput
                {...common}
                ref={field.ref}
                name={field.name}
                type="datetime-local"
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={(event) => {
                  field.onChange(event.currentTarget.value);
                }}
                onBlur={field.onBlur}
              />
            );
        }
      }}
    />
  );
}
