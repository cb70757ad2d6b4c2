// A week of one specialty's shifts, Monday to Sunday in the hospital's time zone: each day a column of 24
// hours (23 or 25 on a clock-change day, drawn to their real length), the shifts in it, and the gaps from now
// on in red. Dragging down a day's column draws a new shift; every shift, gap and day also has a button, so
// the calendar works by keyboard. On a phone the days stack.
import { Box, Button, Paper, SimpleGrid, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useRef, useState } from 'react';
import type { Shift } from '../../../generated/types.gen.ts';
import {
  addDays,
  clock,
  dayLabel,
  gapsBetween,
  instantOf,
  placeInDay,
  WARNING_TEXT,
  type Span,
} from './week.ts';

const TRACK_PX = 576; // 24 px an hour on a 24-hour day
const SNAP_MINUTES = 30;

export interface WeekCalendarProps {
  readonly monday: string;
  readonly timeZone: string;
  readonly shifts: readonly Shift[];
  readonly now: number;
  /** The gap to draw attention to (opened from a link at that gap). */
  readonly focusAt: number | null;
  readonly onCreate: (span: Span) => void;
  readonly onEdit: (shift: Shift) => void;
}

interface Drag {
  readonly date: string;
  readonly from: number;
  readonly to: number;
}

function DayColumn({
  date,
  timeZone,
  shifts,
  gaps,
  focusAt,
  onCreate,
  onEdit,
}: {
  date: string;
  timeZone: string;
  shifts: readonly Shift[];
  gaps: readonly Span[];
  focusAt: number | null;
  onCreate: (span: Span) => void;
  onEdit: (shift: Shift) => void;
}) {
  const dayStart = instantOf(date, '00:00', timeZone);
  const dayEnd = instantOf(addDays(date, 1), '00:00', timeZone);
  const track = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  const instantAt = (clientY: number) => {
    const box = track.current?.getBoundingClientRect();
    if (!box) return dayStart;
    const fraction = Math.min(1, Math.max(0, (clientY - box.top) / box.height));
    const step = SNAP_MINUTES * 60_000;
    return dayStart + Math.round((fraction * (dayEnd - dayStart)) / step) * step;
  };
  const dayShifts = shifts.filter((shift) =>
    placeInDay({ start: Date.parse(shift.startsAt), end: Date.parse(shift.endsAt) }, dayStart, dayEnd),
  );
  const dayGaps = gaps.filter((gap) => placeInDay(gap, dayStart, dayEnd));
  const label = dayLabel(date);

  return (
    <Paper withBorder p="xs" component="section" aria-label={label}>
      <Stack gap={6}>
        <Text fw={700}>{label}</Text>
        <Box
          ref={track}
          data-testid={`day-${date}`}
          pos="relative"
          h={TRACK_PX}
          style={{
            touchAction: 'none',
            cursor: 'crosshair',
            backgroundImage:
              'repeating-linear-gradient(to bottom, var(--mantine-color-gray-3) 0, var(--mantine-color-gray-3) 1px, transparent 1px, transparent 24px)',
          }}
          onPointerDown={(event) => {
            if (event.target !== event.currentTarget) return;
            event.currentTarget.setPointerCapture(event.pointerId);
            const at = instantAt(event.clientY);
            setDrag({ date, from: at, to: at });
          }}
          onPointerMove={(event) => {
            if (drag) setDrag({ ...drag, to: instantAt(event.clientY) });
          }}
          onPointerUp={() => {
            if (!drag) return;
            const start = Math.min(drag.from, drag.to);
            const end = Math.max(drag.from, drag.to);
            setDrag(null);
            if (end - start >= SNAP_MINUTES * 60_000) onCreate({ start, end });
          }}
        >
          {dayGaps.map((gap) => {
            const place = placeInDay(gap, dayStart, dayEnd);
            if (!place) return null;
            const focused = focusAt !== null && gap.start <= focusAt && focusAt < gap.end;
            return (
              <Box
                key={`gap-${gap.start}`}
                pos="absolute"
                left={0}
                right={0}
                top={`${place.top * 100}%`}
                h={`${place.height * 100}%`}
                aria-hidden
                data-gap-focused={focused ? 'true' : undefined}
                data-testid="gap"
                style={{
                  pointerEvents: 'none',
                  background:
                    'repeating-linear-gradient(45deg, var(--mantine-color-red-1), var(--mantine-color-red-1) 6px, var(--mantine-color-red-0) 6px, var(--mantine-color-red-0) 12px)',
                  borderLeft: `4px solid var(--mantine-color-red-${focused ? 9 : 7})`,
                  outline: focused ? '3px solid var(--mantine-color-red-9)' : undefined,
                }}
              />
            );
          })}
          {dayShifts.map((shift) => {
            const place = placeInDay(
              { start: Date.parse(shift.startsAt), end: Date.parse(shift.endsAt) },
              dayStart,
              dayEnd,
            );
            if (!place) return null;
            return (
              <UnstyledButton
                key={shift.id}
                pos="absolute"
                left={4}
                right={4}
                top={`${place.top * 100}%`}
                h={`${place.height * 100}%`}
                mih={24}
                onClick={() => {
                  onEdit(shift);
                }}
                style={{
                  overflow: 'hidden',
                  borderRadius: 4,
                  padding: '2px 6px',
                  background: 'var(--mantine-color-blue-1)',
                  border: '1px solid var(--mantine-color-blue-7)',
                  color: 'var(--mantine-color-blue-9)',
                  fontSize: 13,
                }}
              >
                <Text size="sm" fw={600} lh={1.2}>
                  {shift.primary.displayName}
                </Text>
                <Text size="xs" lh={1.2}>
                  {clock(shift.startsAt, timeZone)}–{clock(shift.endsAt, timeZone)}
                  {shift.warnings.length > 0 ? ' ⚠' : ''}
                </Text>
                <VisuallyHidden>, edit this shift</VisuallyHidden>
              </UnstyledButton>
            );
          })}
          {drag ? (
            <Box
              pos="absolute"
              left={2}
              right={2}
              top={`${((Math.min(drag.from, drag.to) - dayStart) / (dayEnd - dayStart)) * 100}%`}
              h={`${(Math.abs(drag.to - drag.from) / (dayEnd - dayStart)) * 100}%`}
              style={{
                pointerEvents: 'none',
                background: 'var(--mantine-color-blue-2)',
                border: '2px dashed var(--mantine-color-blue-8)',
              }}
            />
          ) : null}
        </Box>
        {dayGaps.map((gap) => (
          <Button
            key={`fill-${gap.start}`}
            color="red.9"
            variant="filled"
            size="sm"
            mih={44}
            onClick={() => {
              onCreate(gap);
            }}
          >
            Fill gap
            <VisuallyHidden>
              {' '}
              {clock(Math.max(gap.start, dayStart), timeZone)} to {clock(Math.min(gap.end, dayEnd), timeZone)}{' '}
              on {label}
            </VisuallyHidden>
          </Button>
        ))}
        {dayShifts
          .filter((shift) => shift.warnings.length > 0)
          .map((shift) => (
            <Text key={`warn-${shift.id}`} size="xs" c="orange.9">
              ⚠ {shift.primary.displayName}:{' '}
              {shift.warnings.map((warning) => WARNING_TEXT[warning]).join('; ')}
            </Text>
          ))}
        <Button
          variant="default"
          size="sm"
          mih={44}
          onClick={() => {
            onCreate({ start: instantOf(date, '08:00', timeZone), end: instantOf(date, '20:00', timeZone) });
          }}
        >
          Add shift
          <VisuallyHidden> on {label}</VisuallyHidden>
        </Button>
      </Stack>
    </Paper>
  );
}

export function WeekCalendar({
  monday,
  timeZone,
  shifts,
  now,
  focusAt,
  onCreate,
  onEdit,
}: WeekCalendarProps) {
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const weekStart = instantOf(monday, '00:00', timeZone);
  const weekEnd = instantOf(addDays(monday, 7), '00:00', timeZone);
  // Gaps only from now on: a past gap can no longer be filled.
  const gaps = gapsBetween(shifts, Math.max(weekStart, now), weekEnd);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4, lg: 7 }} spacing="xs">
      {days.map((date) => (
        <DayColumn
          key={date}
          date={date}
          timeZone={timeZone}
          shifts={shifts}
          gaps={gaps}
          focusAt={focusAt}
          onCreate={onCreate}
          onEdit={onEdit}
        />
      ))}
    </SimpleGrid>
  );
}
