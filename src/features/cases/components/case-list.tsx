// A list of cases that reads well from 360 px up: one card per case, the whole card one link, with state and
// urgency first, then specialty, complaint, patient, who has it and the two timers. The server orders it by
// what needs a person now; keyset pages end in "Load more".
import { Button, Center, Group, Stack, Text } from '@mantine/core';
import { memo, useDeferredValue, useEffect } from 'react';
import type { CaseSummary } from '../../../../generated/types.gen.ts';
import { LinkCard } from '../../../components/link-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { useOfflineSince } from '../../../lib/connection.ts';
import { formatDateTime, formatTimeOfDay, prepareDateTimeFormat } from '../../../lib/date-time.ts';
import type { CaseListResult } from '../api/use-case-list.ts';
import { caseTexts, isWaiting, offeredToLine, patientLine, waitingLine } from '../labels.ts';
import { CaseTimers } from './case-timers.tsx';
import { NoCoverageBadge, StatusBadge } from './status-badge.tsx';
import { UrgencyBadge } from './urgency-badge.tsx';

export interface CaseListProps {
  readonly list: CaseListResult;
  readonly hrefFor: (caseId: string) => string;
  readonly timeZone: string;
  readonly label: string;
  readonly emptyMessage: string;
  /**
   * Called once the cards (or the empty or error state) are on the screen: a page shows what sits below the
   * list only then, so nothing on it jumps down when the cards arrive.
   */
  readonly onSettled?: () => void;
}

// Memoised: a card renders again only when its case changes. The list's cases keep their identity across a
// refetch that leaves them unchanged (the query's structural sharing), so a new case renders one card, not all.
const CaseCard = memo(function CaseCard({
  item,
  href,
  timeZone,
}: {
  item: CaseSummary;
  href: string;
  timeZone: string;
}) {
  const offered = isWaiting(item.status) ? waitingLine(item) : offeredToLine(item.offeredTo);
  return (
    <LinkCard
      to={href}
      title={item.displayNumber}
      label={`Case ${item.displayNumber}`}
      data={{ 'data-case-id': item.id }}
      titleAside={
        <>
          <StatusBadge status={item.status} />
          <NoCoverageBadge status={item.status} noCoverage={item.noCoverage} />
          <UrgencyBadge urgency={item.urgency} />
        </>
      }
    >
      <Stack gap={4} mt="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} lineClamp={2}>
            {item.chiefComplaint}
          </Text>
          <Text size="sm" c="dimmed">
            {item.specialty.name}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {patientLine(item.patient)} · door{' '}
          <time dateTime={item.doorTime}>{formatDateTime(item.doorTime, timeZone)}</time>
          {item.assignedTo ? ` · ${item.assignedTo.displayName}` : ''}
          {item.noCoverage && !isWaiting(item.status) ? ' · opened without on-call cover' : ''}
        </Text>
        {offered !== null ? (
          <Text size="sm" fw={600} data-testid="offered-to">
            {offered}
          </Text>
        ) : null}
        <CaseTimers
          status={item.status}
          doorTime={item.doorTime}
          openedAt={item.createdAt}
          targetAt={item.targetDueAt}
          compact
          escalation={item}
        />
      </Stack>
    </LinkCard>
  );
});

export function CaseList({ list, hrefFor, timeZone, label, emptyMessage, onSettled }: CaseListProps) {
  // The cards render as a deferred update: React builds them in slices between other work (a tap, the clock)
  // instead of in one long task, and the loading state stays until they are ready.
  const cases = useDeferredValue(list.isPending || list.error !== null ? undefined : list.cases);
  // While the cases are on their way, the date formatter is made in a task of its own, not in the cards' render.
  useEffect(() => {
    if (!list.isPending) return;
    const timer = setTimeout(() => {
      prepareDateTimeFormat(timeZone);
    }, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [list.isPending, timeZone]);
  const offline = useOfflineSince();
  const settled = cases !== undefined || list.error !== null;
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  if (list.error !== null) {
    return (
      <ErrorState
        title="The cases could not be loaded."
        message={list.error}
        onRetry={list.retry}
        retrying={list.retrying}
      />
    );
  }
  if (cases === undefined) return <LoadingState label="Loading cases…" />;
  // An empty list is only news when the server could be asked: offline, it may hide a case waiting now.
  if (cases.length === 0 && offline !== null) {
    return (
      <ErrorState
        title="The cases could not be checked."
        message={`No connection since ${formatTimeOfDay(offline, timeZone)}: a new case may be waiting. Check the network connection, then press Retry.`}
        onRetry={list.retry}
        retrying={list.retrying}
      />
    );
  }
  if (cases.length === 0) return <EmptyState>{emptyMessage}</EmptyState>;
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
        {cases.map((item) => (
          <CaseCard key={item.id} item={item} href={hrefFor(item.id)} timeZone={timeZone} />
        ))}
      </Stack>
      {list.hasNextPage && (
        <Center>
          <Button variant="default" onClick={list.loadMore} loading={list.isFetchingNextPage}>
            {caseTexts.loadMore}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
