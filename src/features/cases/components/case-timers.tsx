// "Time since door" and "time left to target", counted each second on the client from the case's times.
import { Group, Stack, Text } from '@mantine/core';
import type { CaseStatus } from '../../../../generated/types.gen.ts';
import { useNow } from '../api/use-now.ts';
import { caseTexts, isFinal } from '../labels.ts';
import { formatDuration } from '../../../lib/date-time.ts';

export interface CaseTimersProps {
  readonly status: CaseStatus;
  readonly doorTime: string;
  /** When the case escalates unless accepted; null once accepted or at the end of the chain. */
  readonly targetAt: string | null;
  /** For a finished case: when it ended, so the door time stops counting there. */
  readonly endedAt?: string | null;
  readonly compact?: boolean;
}

function Timer({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} ff="monospace" role="timer" aria-label={`${label}: ${value}`}>
        {value}
      </Text>
    </Stack>
  );
}

export function CaseTimers({ status, doorTime, targetAt, endedAt, compact }: CaseTimersProps) {
  const now = useNow();
  const final = isFinal(status);
  const until = final && endedAt ? new Date(endedAt).getTime() : now;
  const sinceDoor = final && !endedAt ? '—' : formatDuration(until - new Date(doorTime).getTime());
  let target = '—';
  let overdue = false;
  if (!final && targetAt !== null) {
    const left = new Date(targetAt).getTime() - now;
    overdue = left < 0;
    target = overdue ? `${caseTexts.overdue} ${formatDuration(-left)}` : formatDuration(left);
  }
  return (
    <Group gap={compact ? 'md' : 'xl'} wrap="wrap">
      <Timer label={caseTexts.timeSinceDoor} value={sinceDoor} />
      <Timer label={caseTexts.timeLeftToTarget} value={target} strong={overdue} />
    </Group>
  );
}
