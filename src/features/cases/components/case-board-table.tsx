// The ER's live board on a desktop: a dense table, one row per case (number, urgency, specialty, state, who
// holds it or whom it is offered to, time since door, time to escalation and to the clinical target). A
// waiting case past its target is overdue: its row turns red and says so in words ("Overdue 12 min"), and
// offers what to do: re-page the specialists now, call the person on call, and (for the ER admin) reassign.
//
// A tick of the shared clock renders only the timers' values: a row renders when its case changes, or once
// when it becomes overdue (useClockValue answers a boolean that changes once).
import { Button, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, memo, useState } from 'react';
import { Link } from 'react-router';
import { repageCaseMutation } from '../../../../generated/@tanstack/react-query.gen.ts';
import type { CaseSummary } from '../../../../generated/types.gen.ts';
import { CountdownValue, ElapsedTime, TimerValue } from '../../../components/countdown.tsx';
import { AlertTriangleIcon } from '../../../components/icons.tsx';
import { errorText } from '../../../lib/api/index.ts';
import { formatTimeOfDay } from '../../../lib/date-time.ts';
import { useClockValue } from '../../../lib/use-now.ts';
import { refreshAfterCaseChange } from '../api/invalidate.ts';
import { caseTexts, isWaiting, offeredToLine } from '../labels.ts';
import classes from './case-board.module.css';
import { escalationTargetText, EscalationValue } from './escalation-countdown.tsx';
import { NoCoverageBadge, StatusBadge } from './status-badge.tsx';
import { UrgencyBadge } from './urgency-badge.tsx';

/** Whom the ER calls about a case: the person it is offered to or who is on call, with their number. */
export interface BoardContact {
  readonly name: string;
  /** From the person's contact details; null when they gave none (the switchboard then). */
  readonly phone: string | null;
}

export const boardTexts = {
  repage: 'Re-page now',
  repaged: 'Re-paged at',
  call: 'Call',
  reassign: 'Reassign',
  overdue: 'Overdue',
  noOne: 'Nobody holds an offer',
  columns: {
    number: 'Case',
    urgency: 'Urgency',
    specialty: 'Specialty',
    state: 'State',
    holder: 'Owner or offered to',
    door: 'Since door',
    escalates: 'Escalates in',
    target: 'Time to target',
    actions: 'Actions',
  },
} as const;

const MINUTE = 60_000;

/** Whole minutes past the target, at least 1 once past it; null before. */
function overdueMinutes(targetAt: number, now: number): number | null {
  return now > targetAt ? Math.max(1, Math.floor((now - targetAt) / MINUTE)) : null;
}

/** "Overdue 12 min": changes once a minute, so it renders once a minute. */
function OverdueValue({ targetAt }: { targetAt: number }) {
  const minutes = useClockValue((now) => overdueMinutes(targetAt, now));
  if (minutes === null) return null;
  return (
    <span className={classes.overdue} data-testid="overdue">
      <AlertTriangleIcon size={16} />
      {boardTexts.overdue} {minutes} min
    </span>
  );
}

function RepageButton({ item, timeZone }: { item: CaseSummary; timeZone: string }) {
  const queryClient = useQueryClient();
  const [at, setAt] = useState<number | null>(null);
  const repage = useMutation({
    ...repageCaseMutation(),
    onSuccess: async (changed) => {
      setAt(Date.now());
      await refreshAfterCaseChange(queryClient, item.id, changed);
    },
  });
  return (
    <span>
      <Button
        size="sm"
        color="emergent.9"
        loading={repage.isPending}
        aria-label={`${boardTexts.repage}: case ${item.displayNumber}`}
        onClick={() => {
          repage.mutate({ path: { caseId: item.id } });
        }}
      >
        {boardTexts.repage}
      </Button>
      <Text size="xs" role="status" c={repage.isError ? 'red.9' : undefined}>
        {repage.isError
          ? errorText(repage.error)
          : at !== null
            ? `${boardTexts.repaged} ${formatTimeOfDay(at, timeZone)}`
            : null}
      </Text>
    </span>
  );
}

function holderText(item: CaseSummary): string {
  if (item.assignedTo !== null) return item.assignedTo.displayName;
  if (!isWaiting(item.status)) return '—';
  return offeredToLine(item.offeredTo)?.replace(/^Offered to /, '') ?? boardTexts.noOne;
}

interface RowProps {
  readonly item: CaseSummary;
  readonly href: string;
  readonly timeZone: string;
  // The contact as plain values, so that a row stays memoised across the table's renders.
  readonly contactName: string | null;
  readonly contactPhone: string | null;
  readonly Reassign: ComponentType<{ item: CaseSummary }> | undefined;
}

const CaseRow = memo(function CaseRow({
  item,
  href,
  timeZone,
  contactName,
  contactPhone,
  Reassign,
}: RowProps) {
  const waiting = isWaiting(item.status);
  const target = Date.parse(item.targetDueAt);
  const overdue = useClockValue((now) => waiting && now > target);
  const ackDue = item.ackDueAt === null ? null : Date.parse(item.ackDueAt);
  const updated = Date.parse(item.updatedAt);
  return (
    <tr className={classes.row} data-overdue={overdue || undefined} data-case-id={item.id}>
      <th scope="row">
        <Link to={href} className={classes.number} aria-label={`Case ${item.displayNumber}`}>
          {item.displayNumber}
        </Link>
      </th>
      <td className={classes.fit}>
        <UrgencyBadge urgency={item.urgency} />
      </td>
      <td>{item.specialty.name}</td>
      <td>
        <div className={classes.badges}>
          <StatusBadge status={item.status} />
          <NoCoverageBadge status={item.status} noCoverage={item.noCoverage} />
        </div>
        {overdue ? <OverdueValue targetAt={target} /> : null}
      </td>
      <td data-testid="holder">{holderText(item)}</td>
      <td>
        <ElapsedTime label={caseTexts.timeSinceDoor} since={item.doorTime} />
      </td>
      <td>
        {waiting && ackDue !== null ? (
          <>
            <EscalationValue
              startAt={updated < ackDue ? updated : Date.parse(item.createdAt)}
              dueAt={ackDue}
            />
            <Text span size="xs">
              {escalationTargetText(item)}
            </Text>
          </>
        ) : (
          <TimerValue label={caseTexts.escalatesIn} value="—" />
        )}
      </td>
      <td>
        {waiting ? (
          <CountdownValue
            label={caseTexts.timeLeftToTarget}
            startAt={item.createdAt}
            dueAt={item.targetDueAt}
          />
        ) : (
          <TimerValue label={caseTexts.timeLeftToTarget} value="—" />
        )}
      </td>
      <td>
        {overdue ? (
          <div className={classes.actions}>
            <RepageButton item={item} timeZone={timeZone} />
            {contactName !== null && contactPhone !== null ? (
              <Button
                component="a"
                href={`tel:${contactPhone.replace(/[^+\d]/g, '')}`}
                size="sm"
                variant="default"
                aria-label={`${boardTexts.call} ${contactName}, ${contactPhone}`}
              >
                {boardTexts.call} {contactName}
              </Button>
            ) : null}
            {Reassign ? <Reassign item={item} /> : null}
          </div>
        ) : null}
      </td>
    </tr>
  );
});

export interface CaseBoardTableProps {
  readonly caption: string;
  readonly cases: readonly CaseSummary[];
  readonly hrefFor: (caseId: string) => string;
  readonly timeZone: string;
  /** Whom to call about a case (its offered person or who is on call), or null when there is nobody. */
  readonly contactFor: (item: CaseSummary) => BoardContact | null;
  /** The ER admin's reassign control for an overdue case; absent for the other roles. */
  readonly Reassign?: ComponentType<{ item: CaseSummary }>;
}

export function CaseBoardTable({
  caption,
  cases,
  hrefFor,
  timeZone,
  contactFor,
  Reassign,
}: CaseBoardTableProps) {
  const { columns } = boardTexts;
  return (
    <div className={classes.wrap}>
      <table className={classes.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {Object.values(columns).map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cases.map((item) => {
            const contact = contactFor(item);
            return (
              <CaseRow
                key={item.id}
                item={item}
                href={hrefFor(item.id)}
                timeZone={timeZone}
                contactName={contact?.name ?? null}
                contactPhone={contact?.phone ?? null}
                Reassign={Reassign}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
