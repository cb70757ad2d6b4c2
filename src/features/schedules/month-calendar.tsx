// A month of one specialty's shifts: a table of weeks, Monday to Sunday in the hospital's time zone, each day
// its shifts and its gaps from now on in red. Dragging a shift to another day moves it there at the same
// local time; the arrow keys do the same by keyboard. Each day has a button to add a shift, each gap one to
// fill it (that day's part of it).
import { ActionIcon, Box, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Shift } from '../../../generated/types.gen.ts';
import { dropTarget, ShiftButton, type DropAt } from './shift-button.tsx';
import type { CalendarProps } from './week-calendar.tsx';
import {
  addDays,
  clock,
  clockUntil,
  dayAgenda,
  dayLabel,
  daysBetween,
  instantOf,
  movedByDays,
  WEEKDAY_NAMES,
} from './week.ts';

export interface MonthCalendarProps extends CalendarProps {
  /** The month's first day. */
  readonly first: string;
  /** The Mondays of the weeks shown. */
  readonly weeks: readonly string[];
}

/** A shift dropped on another day: the same local time there, as many days later as the days between. */
function monthDropAt(shift: Shift, timeZone: string): DropAt {
  return ({ from, x, y }) => {
    const source = from.closest('[data-date]')?.getAttribute('data-date');
    const target = dropTarget(from, x, y, '[data-date]')?.getAttribute('data-date');
    if (!source || !target || source === target) return null;
    return movedByDays(shift, daysBetween(source, target), timeZone);
  };
}

function DayCell({
  date,
  inMonth,
  timeZone,
  shifts,
  gaps,
  focusAt,
  hintId,
  onCreate,
  onEdit,
  onMove,
}: CalendarProps & { date: string; inMonth: boolean }) {
  const dayStart = instantOf(date, '00:00', timeZone);
  const dayEnd = instantOf(addDays(date, 1), '00:00', timeZone);
  const label = dayLabel(date);
  const agenda = dayAgenda(shifts, gaps, dayStart, dayEnd);
  return (
    <Table.Td
      data-date={date}
      aria-label={label}
      style={{
        verticalAlign: 'top',
        padding: 4,
        background: inMonth ? undefined : 'var(--mantine-color-gray-0)',
        border: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <Stack gap={4}>
        <Box style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Text fw={700} size="sm" c={inMonth ? undefined : 'gray.7'}>
            {Number(date.slice(8, 10))}
          </Text>
          <ActionIcon
            variant="subtle"
            color="blue.8"
            size={44}
            aria-label={`Add shift on ${label}`}
            onClick={() => {
              onCreate({
                start: instantOf(date, '08:00', timeZone),
                end: instantOf(date, '20:00', timeZone),
              });
            }}
          >
            <span aria-hidden style={{ fontSize: 22, lineHeight: 1 }}>
              +
            </span>
          </ActionIcon>
        </Box>
        {agenda.map((item) => {
          if (item.kind === 'gap') {
            const from = Math.max(item.gap.start, dayStart);
            const to = Math.min(item.gap.end, dayEnd);
            const focused = focusAt !== null && item.gap.start <= focusAt && focusAt < item.gap.end;
            return (
              <UnstyledButton
                key={`gap-${String(item.gap.start)}`}
                data-gap-focused={focused ? 'true' : undefined}
                data-testid="gap"
                mih={44}
                onClick={() => {
                  onCreate({ start: from, end: to });
                }}
                style={{
                  padding: '2px 6px',
                  borderRadius: 4,
                  background: 'var(--mantine-color-red-0)',
                  borderLeft: '4px solid var(--mantine-color-red-8)',
                  outline: focused ? '3px solid var(--mantine-color-red-9)' : undefined,
                }}
              >
                <Text size="xs" fw={700} c="red.9" lh={1.3}>
                  Gap {clock(from, timeZone)}–{clockUntil(to, dayEnd, timeZone)}
                </Text>
                <Text size="xs" c="red.9" lh={1.3}>
                  Fill gap<VisuallyHidden> on {label}</VisuallyHidden>
                </Text>
              </UnstyledButton>
            );
          }
          const { shift } = item;
          return (
            <ShiftButton
              key={shift.id}
              shift={shift}
              view="month"
              timeZone={timeZone}
              hintId={hintId}
              dropAt={monthDropAt(shift, timeZone)}
              onEdit={onEdit}
              onMove={onMove}
              mih={44}
              style={{
                padding: '2px 6px',
                borderRadius: 4,
                background: 'var(--mantine-color-blue-1)',
                border: '1px solid var(--mantine-color-blue-7)',
                color: 'var(--mantine-color-blue-9)',
              }}
            >
              <Text size="xs" lh={1.3}>
                {clock(shift.startsAt, timeZone)}–{clock(shift.endsAt, timeZone)}
                {shift.warnings.length > 0 ? ' ⚠' : ''}
              </Text>
              <Text size="xs" fw={600} lh={1.3} lineClamp={2}>
                {shift.primary.displayName}
              </Text>
              <VisuallyHidden>
                {shift.backup ? `, backup ${shift.backup.displayName}` : ', no backup'}, {label}, edit or move
                this shift
              </VisuallyHidden>
            </ShiftButton>
          );
        })}
      </Stack>
    </Table.Td>
  );
}

export function MonthCalendar({ first, weeks, ...props }: MonthCalendarProps) {
  const month = first.slice(0, 7);
  return (
    <Table layout="fixed" withTableBorder style={{ borderCollapse: 'collapse' }} aria-label={`Shifts by day`}>
      <Table.Thead>
        <Table.Tr>
          {WEEKDAY_NAMES.map((name) => (
            <Table.Th key={name} scope="col" style={{ padding: 4 }}>
              <span aria-hidden>{name.slice(0, 3)}</span>
              <VisuallyHidden>{name}</VisuallyHidden>
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {weeks.map((monday) => (
          <Table.Tr key={monday}>
            {Array.from({ length: 7 }, (_, index) => addDays(monday, index)).map((date) => (
              <DayCell key={date} date={date} inMonth={date.startsWith(month)} {...props} />
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
