// The top of a case: its number, urgency, status, specialty and the live timers.
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Case } from '../../../../generated/types.gen.ts';
import { CaseTimers } from './case-timers.tsx';
import { StatusBadge } from './status-badge.tsx';
import { UrgencyBadge } from './urgency-badge.tsx';

export function CaseHeader({ item }: { readonly item: Case }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Title order={1} size="h2">
            Case {item.displayNumber}
          </Title>
          <StatusBadge status={item.status} />
          <UrgencyBadge urgency={item.urgency} />
        </Group>
        <Text fw={500}>
          {item.specialty.name} · {item.chiefComplaint}
        </Text>
        {item.noCoverage && (
          <Text size="sm" c="dimmed">
            No on-call coverage when opened: offered to every {item.specialty.name} specialist.
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
          />
        </div>
      </Stack>
    </Paper>
  );
}
