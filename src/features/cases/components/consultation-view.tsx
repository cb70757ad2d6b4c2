// The specialist's answer: recommendation, disposition and follow-up.
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Consultation } from '../../../../generated/types.gen.ts';
import { dispositionLabels } from '../labels.ts';
import { formatDateTime } from '../../../lib/date-time.ts';

export function ConsultationView({
  consultation,
  timeZone,
}: {
  readonly consultation: Consultation;
  readonly timeZone: string;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="consultation-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="consultation-title">
          Consultation
        </Title>
        <Text size="xs" c="dimmed">
          {consultation.author.displayName} ·{' '}
          <time dateTime={consultation.createdAt}>{formatDateTime(consultation.createdAt, timeZone)}</time>
        </Text>
        <Text size="xs" c="dimmed">
          Recommendation
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{consultation.recommendation}</Text>
        <Text size="xs" c="dimmed">
          Disposition
        </Text>
        <Text>{dispositionLabels[consultation.disposition]}</Text>
        {consultation.followUp && (
          <>
            <Text size="xs" c="dimmed">
              Follow-up
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{consultation.followUp}</Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
