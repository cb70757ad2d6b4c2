// A countdown to a target that nobody can misread: the time left; in the warning colour, with a clock, under a
// quarter of its whole span; past the target, "overdue by 0:04:10" in the danger colour with a warning sign.
// Readable without colour: the words and the icon change too.
import { Group, Stack, Text } from '@mantine/core';
import { formatDuration } from '../lib/date-time.ts';
import { AlertTriangleIcon, ClockIcon } from './icons.tsx';

export type CountdownState = 'normal' | 'warning' | 'overdue';

/** Where a countdown stands: overdue past the target, warning under a quarter of its span from start to target. */
export function countdownState(startAt: number, dueAt: number, now: number): CountdownState {
  if (now > dueAt) return 'overdue';
  return dueAt - now < (dueAt - startAt) / 4 ? 'warning' : 'normal';
}

// Text shades at 4.5:1 or more on white: the theme's emergent 9 and urgent 9.
const stateColor: Readonly<Record<CountdownState, string | undefined>> = {
  normal: undefined,
  warning: 'urgent.9',
  overdue: 'emergent.9',
};

export interface CountdownProps {
  readonly label: string;
  /** When the span began (e.g. the case was opened), to know when a quarter is left. */
  readonly startAt: string;
  readonly dueAt: string;
  readonly now: number;
}

export function Countdown({ label, startAt, dueAt, now }: CountdownProps) {
  const due = Date.parse(dueAt);
  const state = countdownState(Date.parse(startAt), due, now);
  const value = state === 'overdue' ? `overdue by ${formatDuration(now - due)}` : formatDuration(due - now);
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" c={stateColor[state]} data-state={state}>
        {state === 'overdue' && <AlertTriangleIcon size={16} />}
        {state === 'warning' && <ClockIcon size={16} />}
        <Text
          size="sm"
          fw={state === 'normal' ? 500 : 700}
          ff="monospace"
          c="inherit"
          role="timer"
          aria-label={`${label}: ${value}`}
        >
          {value}
        </Text>
      </Group>
    </Stack>
  );
}
