// The triage assessment as everyone but the hospital's administrator sees it: its version, each question
// described in a line, and the ER doctor's form as it will ask them.
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TriageAssessment, TriageQuestion } from '../../../generated/types.gen.ts';
import { describe } from './triage-drafts.ts';

export interface TriageReadOnlyProps {
  readonly assessment: TriageAssessment;
  readonly preview: (questions: readonly TriageQuestion[]) => ReactNode;
}

export function TriageReadOnly({ assessment, preview }: TriageReadOnlyProps) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {assessment.version === 0
          ? 'No questions: the new-case form asks none for this specialty.'
          : `Version ${assessment.version}. Only the hospital’s administrator changes it.`}
      </Text>
      {assessment.questions.length > 0 && (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Questions">
          {assessment.questions.map((question, index) => (
            <Paper component="li" key={question.id} withBorder p="sm">
              <Group gap="xs" justify="space-between">
                <Text fw={600}>
                  {index + 1}. {question.label}
                </Text>
                {question.required && <Badge color="gray">Required</Badge>}
              </Group>
              <Text size="sm" c="dimmed">
                {describe(question)}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      {assessment.questions.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="triage-preview-title">
          <Title order={2} size="h4" id="triage-preview-title">
            As the ER doctor sees it
          </Title>
          {preview(assessment.questions)}
        </Stack>
      )}
    </Stack>
  );
}
