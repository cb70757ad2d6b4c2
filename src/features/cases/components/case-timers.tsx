// "Time since door", "time left to target" and, while nobody has accepted, "escalates in" and to whom, counted each second on the client from the case's times. The
// target is the clinical target for a specialist to accept: shown while nobody has, overdue past it.
import { Group } from '@mantine/core';
import type { CaseStatus, CaseSummary } from '../../../../generated/types.gen.ts';
import { Countdown, ElapsedTime, TimerField, TimerValue } from '../../../components/countdown.tsx';
import { caseTexts, isFinal, isWaiting } from '../labels.ts';
import { EscalationCountdown } from './escalation-countdown.tsx';

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
  /** A waiting case's escalation: when and to whom, shown beside the target. */
  readonly escalation?: Pick<
    CaseSummary,
    'ackDueAt' | 'escalatesTo' | 'createdAt' | 'updatedAt' | 'specialty'
  >;
}

// Only the values tick: the layout and labels here render when the case changes, not every second.
export function CaseTimers({
  status,
  doorTime,
  openedAt,
  targetAt,
  endedAt,
  compact,
  escalation,
}: CaseTimersProps) {
  const final = isFinal(status);
  return (
    <Group gap={compact ? 'md' : 'xl'} wrap="wrap">
      <TimerField label={caseTexts.timeSinceDoor}>
        {final && !endedAt ? (
          <TimerValue label={caseTexts.timeSinceDoor} value="—" />
        ) : (
          <ElapsedTime
            label={caseTexts.timeSinceDoor}
            since={doorTime}
            until={final && endedAt ? Date.parse(endedAt) : undefined}
          />
        )}
      </TimerField>
      {isWaiting(status) ? (
        <Countdown label={caseTexts.timeLeftToTarget} startAt={openedAt} dueAt={targetAt} />
      ) : (
        <TimerField label={caseTexts.timeLeftToTarget}>
          <TimerValue label={caseTexts.timeLeftToTarget} value="—" />
        </TimerField>
      )}
      {isWaiting(status) && escalation ? <EscalationCountdown item={escalation} /> : null}
    </Group>
  );
}
