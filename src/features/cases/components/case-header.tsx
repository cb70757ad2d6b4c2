// The top of a case: its number, urgency, status (and no on-call cover), specialty and the live timers.
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Case } from '../../../../generated/types.gen.ts';
import { CaseTimers } from './case-timers.tsx';
import { NoCoverageBadge, StatusBadge } from './status-badge.tsx';
import { UrgencyBadge } from './urgency-badge.tsx';

/** What happened when nobody was on call, from what the case holds: never an offer it did not make. */
export function noCoverageText(item: Pick<Case, 'offers' | 'specialty'>): string {
  const name = item.specialty.name;
  const offered = new Set(item.offers.map((offer) => offer.specialist.id)).size;
  return offered > 0
    ? `Nobody was on call for ${name} when it was opened: it went to every ${name} specialist at once (${String(offered)}) and the ER admins were alerted.`
    : `Nobody was on call for ${name} when it was opened, and no ${name} specialist could be offered it: the ER admins were alerted.`;
}

export function CaseHeader({ item }: { readonly item: Case }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Title order={1} size="h2">
            Case {item.displayNumber}
          </Title>
          <StatusBadge status={item.status} />
          <NoCoverageBadge status={item.status} noCoverage={item.noCoverage} />
          <UrgencyBadge urgency={item.urgency} />
        </Group>
        <Text fw={500}>
          {item.specialty.name} · {item.chiefComplaint}
        </Text>
        {item.noCoverage && (
          <Text size="sm" data-testid="no-coverage-line">
            {noCoverageText(item)}
          </Text>
        )}
        {/* Live on screen only: a print carries their values at printing instead (case-record-actions.tsx). */}
        <div data-print="hide">
          <CaseTimers
            status={item.status}
            doorTime={item.doorTime}
            openedAt={item.createdAt}
            targetAt={item.targetDueAt}
            endedAt={item.closedAt ?? item.cancelledAt}
            escalation={item}
          />
        </div>
      </Stack>
    </Paper>
  );
}
