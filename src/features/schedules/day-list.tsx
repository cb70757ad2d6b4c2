// The calendar on a phone: a list of days instead of a grid too narrow to read, each day its shifts and gaps
// in order, as buttons at least 44 px tall. A shift opens its form on a tap or Enter and moves with the arrow
// keys; a gap's button fills it; every day can have a shift added. Nothing here is dragged: a finger scrolls.
import { Button, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { CalendarView } from './calendar-keys.ts';
import { ShiftButton } from './shift-button.tsx';
import type { CalendarProps } from './week-calendar.tsx';
import { addDays, clock, clockUntil, dayAgenda, dayLabel, instantOf, WARNING_TEXT } from './week.ts';

export function DayList({
  days,
  view,
  timeZone,
  shifts,
  gaps,
  focusAt,
  hintId,
  onCreate,
  onEdit,
  onMove,
}: CalendarProps & { days: readonly string[]; view: CalendarView }) {
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Days">
      {days.map((date) => {
        const dayStart = instantOf(date, '00:00', timeZone);
        const dayEnd = instantOf(addDays(date, 1), '00:00', timeZone);
        const label = dayLabel(date);
        const agenda = dayAgenda(shifts, gaps, dayStart, dayEnd);
        return (
          <Paper key={date} component="li" withBorder p="xs" aria-label={label} data-date={date}>
            <Stack gap={6}>
              <Text fw={700}>{label}</Text>
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
                        padding: '6px 10px',
                        borderRadius: 4,
                        color: 'var(--mantine-color-red-9)',
                        background: 'var(--mantine-color-red-0)',
                        borderLeft: '6px solid var(--mantine-color-red-8)',
                        outline: focused ? '3px solid var(--mantine-color-red-9)' : undefined,
                      }}
                    >
                      <Text size="sm" fw={700} c="red.9">
                        No coverage {clock(from, timeZone)}–{clockUntil(to, dayEnd, timeZone)}
                      </Text>
                      <Text size="sm" c="red.9">
                        Fill gap
                        <VisuallyHidden> on {label}</VisuallyHidden>
                      </Text>
                    </UnstyledButton>
                  );
                }
                const { shift } = item;
                return (
                  <ShiftButton
                    key={shift.id}
                    shift={shift}
                    view={view}
                    timeZone={timeZone}
                    hintId={hintId}
                    dropAt={null}
                    onEdit={onEdit}
                    onMove={onMove}
                    mih={44}
                    style={{
                      padding: '6px 10px',
                      borderRadius: 4,
                      background: 'var(--mantine-color-blue-0)',
                      borderLeft: '6px solid var(--mantine-color-blue-7)',
                      color: 'var(--mantine-color-blue-9)',
                    }}
                  >
                    <Text size="sm" fw={700}>
                      {clock(shift.startsAt, timeZone)}–{clock(shift.endsAt, timeZone)} ·{' '}
                      {shift.primary.displayName}
                    </Text>
                    <Text size="sm">{shift.backup ? `Backup ${shift.backup.displayName}` : 'No backup'}</Text>
                    {shift.warnings.length > 0 ? (
                      <Text size="sm" c="orange.9">
                        ⚠ {shift.warnings.map((warning) => WARNING_TEXT[warning]).join('; ')}
                      </Text>
                    ) : null}
                    <VisuallyHidden>, edit or move this shift</VisuallyHidden>
                  </ShiftButton>
                );
              })}
              <Button
                variant="default"
                size="sm"
                mih={44}
                onClick={() => {
                  onCreate({
                    start: instantOf(date, '08:00', timeZone),
                    end: instantOf(date, '20:00', timeZone),
                  });
                }}
              >
                Add shift
                <VisuallyHidden> on {label}</VisuallyHidden>
              </Button>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
