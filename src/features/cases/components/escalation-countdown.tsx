// The escalation countdown beside the clinical target: how long the case has before it escalates and to
// whom ("Escalates in 3:12 · to Dr Tomas Novak (on-call backup)"), or, at the end of the chain, that it no
// longer escalates and keeps re-alerting every specialist of the specialty. Only the value ticks.
import { Text } from '@mantine/core';
import { useCallback, useRef } from 'react';
import type { CaseSummary } from '../../../../generated/types.gen.ts';
import { TimerField, TimerValue } from '../../../components/countdown.tsx';
import classes from '../../../components/countdown.module.css';
import { AlertTriangleIcon, ClockIcon } from '../../../components/icons.tsx';
import { formatDuration } from '../../../lib/date-time.ts';
import { clockNow, useClockText, useClockValue } from '../../../lib/use-now.ts';
import { caseTexts } from '../labels.ts';

type Escalation = Pick<CaseSummary, 'ackDueAt' | 'escalatesTo' | 'createdAt' | 'updatedAt' | 'specialty'>;

/** "to Dr Tomas Novak (on-call backup)", "to every Neurology specialist". */
export function escalationTargetText(item: Pick<CaseSummary, 'escalatesTo' | 'specialty'>): string | null {
  const target = item.escalatesTo;
  if (target === null) return null;
  if (target.specialist !== null) {
    return `to ${target.specialist.displayName} (${target.step === 'backup' ? 'on-call backup' : 'on-call primary'})`;
  }
  return `to every ${item.specialty.name} specialist`;
}

function escalationText(dueAt: number, now: number): string {
  const left = dueAt - now;
  return left <= 0 ? 'escalating now' : formatDuration(left);
}

const escalationLabel = (value: string): string => `${caseTexts.escalatesIn}: ${value}`;

// The seconds are written into the value's text on each tick (useClockText); it renders when its state changes.
// The value alone serves a place that labels it already (a table's column).
export function EscalationValue({ startAt, dueAt }: { startAt: number; dueAt: number }) {
  // Under a quarter of the acknowledgement time left: the warning colour, as every countdown does.
  const state = useClockValue(
    useCallback(
      (now: number) => {
        const left = dueAt - now;
        return left <= 0 ? 'overdue' : left < (dueAt - startAt) / 4 ? 'warning' : 'normal';
      },
      [startAt, dueAt],
    ),
  );
  const time = useRef<HTMLSpanElement>(null);
  useClockText(time, (now) => escalationText(dueAt, now), escalationLabel);
  const value = escalationText(dueAt, clockNow());
  return (
    <span className={classes.value} data-state={state}>
      {state === 'overdue' && <AlertTriangleIcon size={16} />}
      {state === 'warning' && <ClockIcon size={16} />}
      <span ref={time} className={classes.time} role="timer" aria-label={escalationLabel(value)}>
        {value}
      </span>
    </span>
  );
}

export function EscalationCountdown({ item }: { readonly item: Escalation }) {
  if (item.ackDueAt === null) {
    return (
      <TimerField label={caseTexts.escalatesIn}>
        <TimerValue label={caseTexts.escalatesIn} value="—" />
        <Text span size="sm">
          no further step: every {item.specialty.name} specialist is alerted
        </Text>
      </TimerField>
    );
  }
  const dueAt = Date.parse(item.ackDueAt);
  // The acknowledgement time started at the last routing, which moved the case's updatedAt; a later change
  // (a message) only shortens the span the warning colour is measured on.
  const updated = Date.parse(item.updatedAt);
  const startAt = updated < dueAt ? updated : Date.parse(item.createdAt);
  return (
    <TimerField label={caseTexts.escalatesIn}>
      <EscalationValue startAt={startAt} dueAt={dueAt} />
      <Text span size="sm" data-testid="escalates-to">
        {escalationTargetText(item)}
      </Text>
    </TimerField>
  );
}
