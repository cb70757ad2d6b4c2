// A list of cases that reads well from 360 px up: one card per case, its number linking to the case,
// with urgency, status, specialty, patient, who has it and the two timers. Keyset pages end in "Load more".
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CaseSummary } from '../../../../generated/types.gen.ts';
import { caseTexts, patientLine } from '../labels.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { CaseTimers } from './case-timers.tsx';
import { StatusBadge } from './status-badge.tsx';
import { UrgencyBadge } from './urgency-badge.tsx';

export interface CaseListProps {
  readonly cases: readonly CaseSummary[];
  readonly hrefFor: (caseId: string) => string;
  readonly timeZone: string;
  readonly label: string;
  readonly emptyMessage: string;
  readonly isPending: boolean;
  /** Why the list could not be loaded, for a person. */
  readonly error: string | null;
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  readonly onLoadMore: () => void;
}

function CaseCard({ item, href, timeZone }: { item: CaseSummary; href: string; timeZone: string }) {
  return (
    <Paper component="li" withBorder p="sm" aria-label={`Case ${item.displayNumber}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Anchor component={Link} to={href} fw={700}>
              {item.displayNumber}
            </Anchor>
            <UrgencyBadge urgency={item.urgency} />
            <StatusBadge status={item.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {item.specialty.name}
          </Text>
        </Group>
        <Text fw={500} lineClamp={2}>
          {item.chiefComplaint}
        </Text>
        <Text size="sm" c="dimmed">
          {patientLine(item.patient)} · door{' '}
          <time dateTime={item.doorTime}>{formatDateTime(item.doorTime, timeZone)}</time>
          {item.assignedTo ? ` · ${item.assignedTo.displayName}` : ''}
          {item.noCoverage ? ' · no on-call coverage' : ''}
        </Text>
        <CaseTimers status={item.status} doorTime={item.doorTime} targetAt={item.ackDueAt} compact />
      </Stack>
    </Paper>
  );
}

export function CaseList({
  cases,
  hrefFor,
  timeZone,
  label,
  emptyMessage,
  isPending,
  error,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
}: CaseListProps) {
  if (isPending) {
    return (
      <Center p="xl">
        <Loader aria-label="Loading cases" />
      </Center>
    );
  }
  if (error !== null) {
    return (
      <Alert color="gray" title="The cases could not be loaded" role="alert">
        {error}
      </Alert>
    );
  }
  if (cases.length === 0) {
    return (
      <Text c="dimmed" p="md">
        {emptyMessage}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
        {cases.map((item) => (
          <CaseCard key={item.id} item={item} href={hrefFor(item.id)} timeZone={timeZone} />
        ))}
      </Stack>
      {hasNextPage && (
        <Center>
          <Button variant="default" onClick={onLoadMore} loading={isFetchingNextPage}>
            {caseTexts.loadMore}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
