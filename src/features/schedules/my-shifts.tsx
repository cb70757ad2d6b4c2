// A specialist's coming shifts (28 days), and their calendar feed for a phone calendar: a new address
// replaces the old one, and it can be revoked.
import { Alert, Button, Code, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorText } from '../../lib/api/index.ts';
import { useState } from 'react';
import {
  createCalendarFeedMutation,
  listMyShiftsOptions,
  revokeCalendarFeedMutation,
} from '../../../generated/@tanstack/react-query.gen.ts';
import { formatDateTime } from '../../lib/date-time.ts';

export function MyShifts({ userId, timeZone }: { userId: string | undefined; timeZone: string }) {
  const shifts = useQuery(listMyShiftsOptions());
  const create = useMutation(createCalendarFeedMutation());
  const revoke = useMutation(revokeCalendarFeedMutation());
  const [feed, setFeed] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-shifts">
      <Title order={2} size="h3" id="my-shifts">
        Your coming shifts
      </Title>
      {shifts.isPending ? (
        <Group aria-busy="true" gap="xs">
          <Loader size="sm" />
          <Text>Loading your shifts…</Text>
        </Group>
      ) : shifts.isError ? (
        <Alert color="red" role="alert" title="Your shifts could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text>{errorText(shifts.error)}</Text>
            <Button onClick={() => void shifts.refetch()}>Retry</Button>
          </Stack>
        </Alert>
      ) : shifts.data.items.length === 0 ? (
        <Text>You have no on-call shifts in the next 28 days.</Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {shifts.data.items.slice(0, 10).map((shift) => (
            <Paper component="li" withBorder p="sm" key={shift.id}>
              <Text fw={600}>
                {shift.specialty.name} · {shift.primary.id === userId ? 'primary' : 'backup'}
              </Text>
              <Text size="sm">
                <time dateTime={shift.startsAt}>{formatDateTime(shift.startsAt, timeZone)}</time> to{' '}
                <time dateTime={shift.endsAt}>{formatDateTime(shift.endsAt, timeZone)}</time>
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      {/* Below the shifts once they are in, so the list arriving never pushes the buttons down. */}
      {!shifts.isPending && (
        <Group gap="sm">
          <Button
            variant="light"
            mih={44}
            loading={create.isPending}
            onClick={() => {
              setMessage(null);
              create.mutate(
                {},
                {
                  onSuccess: (data) => {
                    setFeed(data.url);
                  },
                  onError: (error) => {
                    setMessage(errorText(error));
                  },
                },
              );
            }}
          >
            Subscribe in a phone calendar
          </Button>
          <Button
            variant="subtle"
            color="red"
            mih={44}
            loading={revoke.isPending}
            onClick={() => {
              revoke.mutate(
                {},
                {
                  onSuccess: () => {
                    setFeed(null);
                    setMessage('Calendar address revoked.');
                  },
                },
              );
            }}
          >
            Revoke calendar address
          </Button>
        </Group>
      )}
      {feed !== null ? (
        <Alert color="blue" title="Your calendar address (shown once; keep it private)">
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {feed}
          </Code>
        </Alert>
      ) : null}
      {message !== null ? <Text role="status">{message}</Text> : null}
    </Stack>
  );
}
