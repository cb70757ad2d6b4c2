// A specialty's triage questions exactly as the new-case form asks them (the same fields and the same
// validation), for the triage assessment editor's preview. Nothing is sent: "Check answers" only validates.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { TriageQuestion } from '../../../../generated/types.gen.ts';
import { newCaseSchema, type NewCaseValues } from './new-case-schema.ts';
import { TriageQuestionField } from './triage-question-field.tsx';

export interface TriageFormPreviewProps {
  readonly questions: readonly TriageQuestion[];
  readonly timeZone: string;
}

function PreviewForm({ questions, timeZone }: TriageFormPreviewProps) {
  const schema = useMemo(
    () => z.object({ triageAnswers: newCaseSchema(questions, timeZone).shape.triageAnswers }),
    [questions, timeZone],
  );
  const [checked, setChecked] = useState(false);
  const { control, handleSubmit } = useForm<NewCaseValues>({
    // Only the answers are checked; the case's other fields are not part of the preview.
    resolver: zodResolver(schema) as never,
    defaultValues: { triageAnswers: {} },
  });
  const onCheck = handleSubmit(
    () => {
      setChecked(true);
    },
    () => {
      setChecked(false);
    },
  );
  return (
    <form onSubmit={(event) => void onCheck(event)} noValidate aria-label="Preview of the triage questions">
      <Fieldset legend="Triage questions">
        <Stack gap="sm">
          {questions.map((question) => (
            <TriageQuestionField key={question.id} question={question} control={control as never} />
          ))}
          <Group justify="space-between" align="center">
            <Text size="sm" c="dimmed" role="status">
              {checked ? 'These answers would be accepted.' : 'Nothing here is sent.'}
            </Text>
            <Button type="submit" variant="default" mih={44}>
              Check answers
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}

export function TriageFormPreview({ questions, timeZone }: TriageFormPreviewProps) {
  if (questions.length === 0) {
    return <Text c="dimmed">The new-case form asks no triage question for this specialty.</Text>;
  }
  // A new form whenever the questions change, so that answers never sit on a question of another kind.
  const key = questions.map((question) => `${question.id}:${question.kind}`).join('|');
  return <PreviewForm key={key} questions={questions} timeZone={timeZone} />;
}
