// The case's messages, oldest first, and the form to add one while the case is open.
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Message } from '../../../../generated/types.gen.ts';
import { MessageForm } from '../forms/message-form.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';

export interface CaseThreadProps {
  readonly caseId: string;
  readonly messages: readonly Message[];
  readonly timeZone: string;
  readonly canPost: boolean;
}

export function CaseThread({ caseId, messages, timeZone, canPost }: CaseThreadProps) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="thread-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="thread-title">
          Thread
        </Title>
        {messages.length === 0 && <Text c="dimmed">No messages yet.</Text>}
        <Stack component="ol" gap="sm" p={0} m={0} aria-label="Messages" style={{ listStyle: 'none' }}>
          {messages.map((message) => (
            <Stack component="li" key={message.id} gap={2}>
              <Text size="xs" c="dimmed">
                <Text span fw={600} c="var(--mantine-color-text)">
                  {message.author.displayName}
                </Text>{' '}
                · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, timeZone)}</time>
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.body}
              </Text>
            </Stack>
          ))}
        </Stack>
        {canPost && <MessageForm caseId={caseId} />}
      </Stack>
    </Paper>
  );
}
