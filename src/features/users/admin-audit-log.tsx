// The scope's administrative audit log: who changed which user (or record), what before and after, when,
// from where; newest first, a page at a time.
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { listAdminAuditInfiniteOptions } from '../../../generated/@tanstack/react-query.gen.ts';
import type { AdminAuditEvent } from '../../../generated/types.gen.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { userTexts } from './labels.ts';

const ACTIONS: Record<string, string> = {
  'user.created': 'added',
  'user.updated': 'changed',
  'user.deactivated': 'deactivated',
  'user.reactivated': 'reactivated',
  'user.external_identity_bound': 'linked their Entra ID sign-in to',
};

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

function describe(values: Record<string, unknown> | null): string {
  if (values === null) return '—';
  return Object.entries(values)
    .map(([key, value]) => `${key}: ${show(value)}`)
    .join('; ');
}

function EventCard({ event, timeZone }: { event: AdminAuditEvent; timeZone: string }) {
  const action = ACTIONS[event.action] ?? event.action;
  const target =
    typeof event.after?.['displayName'] === 'string' ? event.after['displayName'] : event.targetId;
  return (
    <Card withBorder padding="xs" component="li">
      <Text size="sm" fw={600}>
        {event.actor?.displayName ?? 'The server'} {action} {event.targetType} {target}
      </Text>
      <Text size="sm">
        {formatDateTime(event.at, timeZone)}
        {event.address !== null && ` · from ${event.address}`}
      </Text>
      {event.before !== null && <Text size="sm">Before: {describe(event.before)}</Text>}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        After: {describe(event.after)}
      </Text>
    </Card>
  );
}

export function AdminAuditLog({ timeZone }: { readonly timeZone: string }) {
  const log = useInfiniteQuery({
    ...listAdminAuditInfiniteOptions({ query: { limit: 20 } }),
    initialPageParam: { query: {} },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  if (log.isPending) {
    return (
      <Text role="status" aria-busy="true">
        {userTexts.loadingAudit}
      </Text>
    );
  }
  if (log.isError) {
    return (
      <Alert color="red" role="alert" title={userTexts.auditError}>
        <Button variant="default" mt="xs" onClick={() => void log.refetch()}>
          {userTexts.retry}
        </Button>
      </Alert>
    );
  }
  const events = log.data.pages.flatMap((page) => page.items);
  if (events.length === 0) return <Text>{userTexts.noAudit}</Text>;
  return (
    <Stack gap="xs">
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Administrative changes"
      >
        {events.map((event) => (
          <EventCard key={event.id} event={event} timeZone={timeZone} />
        ))}
      </Stack>
      {log.hasNextPage && (
        <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          Show older changes
        </Button>
      )}
    </Stack>
  );
}
