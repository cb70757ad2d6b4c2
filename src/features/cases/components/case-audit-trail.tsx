// A case's audit trail for its emergency room admin: who read or changed the case, when and from where,
// newest first, a page at a time. Loaded when asked for: every read of the trail is itself audited.
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getCaseAuditInfiniteOptions } from '../../../../generated/@tanstack/react-query.gen.ts';
import { formatDateTime } from '../../../lib/date-time.ts';

export const auditTrailTexts = {
  title: 'Audit trail',
  show: 'Show audit trail',
  loading: 'Loading the audit trail…',
  error: 'The audit trail could not be loaded. Check your connection, then retry.',
  retry: 'Retry',
  empty: 'No event yet.',
  older: 'Show older events',
} as const;

function Trail({ caseId, timeZone }: { readonly caseId: string; readonly timeZone: string }) {
  const trail = useInfiniteQuery({
    ...getCaseAuditInfiniteOptions({ path: { caseId }, query: { limit: 50 } }),
    initialPageParam: { path: { caseId }, query: {} },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  if (trail.isPending) {
    return (
      <Text role="status" aria-busy="true">
        {auditTrailTexts.loading}
      </Text>
    );
  }
  if (trail.isError) {
    return (
      <Alert color="red" role="alert" title={auditTrailTexts.error}>
        <Button variant="default" mih={44} mt="xs" onClick={() => void trail.refetch()}>
          {auditTrailTexts.retry}
        </Button>
      </Alert>
    );
  }
  const events = trail.data.pages.flatMap((page) => page.items);
  if (events.length === 0) return <Text>{auditTrailTexts.empty}</Text>;
  return (
    <Stack gap="xs">
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Audit events">
        {events.map((event) => (
          <Card key={event.id} withBorder padding="xs" component="li">
            <Text size="sm" fw={600}>
              {event.user?.displayName ?? 'The server'}: {event.action}
            </Text>
            <Text size="sm">
              {formatDateTime(event.at, timeZone)}
              {event.address !== null && ` · from ${event.address}`}
            </Text>
          </Card>
        ))}
      </Stack>
      {trail.hasNextPage && (
        <Button
          variant="default"
          mih={44}
          loading={trail.isFetchingNextPage}
          onClick={() => void trail.fetchNextPage()}
        >
          {auditTrailTexts.older}
        </Button>
      )}
    </Stack>
  );
}

export function CaseAuditTrail({ caseId, timeZone }: { readonly caseId: string; readonly timeZone: string }) {
  const [shown, setShown] = useState(false);
  return (
    <Card withBorder className="case-record-no-print" component="section" aria-labelledby="case-audit-title">
      <Title order={2} size="h4" id="case-audit-title" mb="xs">
        {auditTrailTexts.title}
      </Title>
      {shown ? (
        <Trail caseId={caseId} timeZone={timeZone} />
      ) : (
        <Button
          variant="default"
          mih={44}
          onClick={() => {
            setShown(true);
          }}
        >
          {auditTrailTexts.show}
        </Button>
      )}
    </Card>
  );
}
