// "Time since door" and "time left to target", counted each second on the client from the case's times. The
// target is the clinical target for a specialist to accept: shown while nobody has, overdue past it.
import { Group, Stack, Text } from '@mantine/core';
import type { CaseStatus } from '../../../../generated/types.gen.ts';
import { Countdown } from '../../../components/countdown.tsx';
import { useNow } from '../api/use-now.ts';
import { caseTexts, isFinal, isWaiting } from '../labels.ts';
import { formatDuration } from '../../../lib/date-time.ts';

export interface CaseTimersProps {
  readonly status: CaseStatus;
  readonly doorTime: string;
  /** When the case was opened: the target's span starts there. */
  readonly openedAt: string;
  /** When a specialist should have accepted the case by (the clinical target). */
  readonly targetAt: string;
  /** For a finished case: when it ended, so the door time stops counting there. */
  readonly endedAt?: string | null;
  readonly compact?: boolean;
}

function Timer({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ff="monospace" role="timer" aria-label={`${label}: ${value}`}>
        {value}
      </Text>
    </Stack>
  );
}

export function CaseTimers({ status, doorTime, openedAt, targetAt, endedAt, compact }: CaseTimersProps) {
  const now = useNow();
  const final = isFinal(status);
  const until = final && endedAt ? new Date(endedAt).getTime() : now;
  const sinceDoor = final && !endedAt ? '—' : formatDuration(until - new Date(doorTime).getTime());
  return (
    <Group gap={compact ? 'md' : 'xl'} wrap="wrap">
      <Timer label={caseTexts.timeSinceDoor} value={sinceDoor} />
      {isWaiting(status) ? (
        <Countdown label={caseTexts.timeLeftToTarget} startAt={openedAt} dueAt={targetAt} now={now} />
      ) : (
        <Timer label={caseTexts.timeLeftToTarget} value="—" />
      )}
    </Group>
  );
}
