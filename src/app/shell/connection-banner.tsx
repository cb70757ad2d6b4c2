// Every signed-in screen says when it cannot reach the server, and since when: "a screen that could not reach
// the server says so". The banner stays while the API or the live event stream is down; Retry asks the server
// again at once. When the server answers again, every query on the screen is fetched anew: what it shows may
// have changed unseen.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useOfflineSince } from '../../lib/connection.ts';
import { formatTimeOfDay } from '../../lib/date-time.ts';

export function offlineText(since: number, timeZone?: string | null): string {
  return `Offline — live updates paused since ${formatTimeOfDay(since, timeZone)}`;
}

/** Refetches every query the screens hold when the connection comes back after an outage. */
export function useRefetchOnReconnect(): void {
  const queryClient = useQueryClient();
  const since = useOfflineSince();
  const wasOffline = useRef(false);
  useEffect(() => {
    if (since !== null) {
      wasOffline.current = true;
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    void queryClient.invalidateQueries();
  }, [since, queryClient]);
}

export function ConnectionBanner({ timeZone }: { readonly timeZone?: string | null | undefined }) {
  const since = useOfflineSince();
  const queryClient = useQueryClient();
  if (since === null) return null;
  return (
    // An alert as it appears, so that it is announced at once.
    <Alert
      role="alert"
      color="orange"
      variant="outline"
      bg="orange.0"
      p="xs"
      mb="md"
      data-testid="offline-banner"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={700} c="dark.9">
          {offlineText(since, timeZone)}
        </Text>
        <Button
          size="compact-md"
          mih={44}
          variant="default"
          onClick={() => {
            void queryClient.invalidateQueries();
          }}
        >
          Retry now
        </Button>
      </Group>
    </Alert>
  );
}
