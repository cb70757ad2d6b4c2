// A week of one specialty's shifts, Monday to Sunday in the hospital's time zone: each day a column of 24
// hours (23 or 25 on a clock-change day, drawn to their real length), the shifts in it, and the gaps from now
// on in red. Dragging down a day's column draws a new shift; dragging a shift moves it to another time or
// day. Every shift, gap and day also has a button, and a focused shift moves with the arrow keys, so the
// calendar works by keyboard. A phone gets the same week as a list of days (day-list.tsx).
import { Box, Button, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useRef, useState } from 'react';
import type { Shift } from '../../../generated/types.gen.ts';
import { SNAP_MINUTES } from './calendar-keys.ts';
import { dropTarget, ShiftButton, type DropAt } from './shift-button.tsx';
import {
  addDays,
  clock,
  clockUntil,
  dayLabel,
  instantOf,
  placeInDay,
  WARNING_TEXT,
  type Span,
} from './week.ts';

const TRACK_PX = 576; // 24 px an hour on a 24-hour day
const STEP_MS = SNAP_MINUTES * 60_000;

export interface CalendarProps {
  readonly timeZone: string;
  readonly shifts: readonly Shift[];
  /** The uncovered parts of the range from now on. */
  readonly gaps: readonly Span[];
  /** The gap to draw attention to (opened from a link at that gap). */
  readonly focusAt: number | null;
  /** The id of the text that tells how the keys move a shift. */
  readonly hintId: string;
  readonly onCreate: (span: Span) => void;
  readonly onEdit: (shift: Shift) => void;
  readonly onMove: (shift: Shift, to: Span) => void;
}

export interface WeekCalendarProps extends CalendarProps {
  readonly monday: string;
}

interface Drag {
  readonly from: number;
  readonly to: number;
}

/** The instant at a height of a day's track, to the half hour. */
function instantOnTrack(track: Element, clientY: number): number {
  const dayStart = Number(track.getAttribute('data-day-start'));
  const dayEnd = Number(track.getAttribute('data-day-end'));
  const box = track.getBoundingClientRect();
  const fraction = box.height > 0 ? Math.min(1, Math.max(0, (clientY - box.top) / box.height)) : 0;
  return dayStart + fraction * (dayEnd - dayStart);
}

const snap = (instant: number) => Math.round(instant / STEP_MS) * STEP_MS;

/** A shift dropped on a day's track: the point grabbed lands where the pointer is, to the half hour. */
function weekDropAt(shift: Shift): DropAt {
  return ({ from, x, y, startY }) => {
    const source = from.closest('[data-day-start]');
    const target = dropTarget(from, x, y, '[data-day-start]');
    if (!source || !target) return null;
    const grabbed = instantOnTrack(source, startY) - Date.parse(shift.startsAt);
    const start = snap(instantOnTrack(target, y) - grabbed);
    return { start, end: start + Date.parse(shift.endsAt) - Date.parse(shift.startsAt) };
  };
}

function DayColumn({
  date,
  timeZone,
  shifts,
  gaps,
  focusAt,
  hintId,
  onCreate,
  onEdit,
  onMove,
}: CalendarProps & { date: string }) {
  const dayStart = instantOf(date, '00:00', timeZone);
  const dayEnd = instantOf(addDays(date, 1), '00:00', timeZone);
  const track = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  // Where the press began, read by the release itself: on a busy ward PC the last moves of a quick drag may
  // not have been drawn when the button comes up, and the shift drawn is the one the pointer drew.
  const pressedAt = useRef<number | null>(null);

  const instantAt = (clientY: number) =>
    track.current ? snap(instantOnTrack(track.current, clientY)) : dayStart;
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
          data-day-start={dayStart}
          data-day-end={dayEnd}
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
            pressedAt.current = at;
            setDrag({ from: at, to: at });
          }}
          onPointerMove={(event) => {
            const from = pressedAt.current;
            if (from !== null) setDrag({ from, to: instantAt(event.clientY) });
          }}
          onPointerUp={(event) => {
            const from = pressedAt.current;
            if (from === null) return;
            const to = instantAt(event.clientY);
            pressedAt.current = null;
            setDrag(null);
            const start = Math.min(from, to);
            const end = Math.max(from, to);
            if (end - start >= STEP_MS) onCreate({ start, end });
          }}
          onPointerCancel={() => {
            pressedAt.current = null;
            setDrag(null);
          }}
        >
          {dayGaps.map((gap) => {
            const place = placeInDay(gap, dayStart, dayEnd);
            if (!place) return null;
            const focused = focusAt !== null && gap.start <= focusAt && focusAt < gap.end;
            return (
              <Box
                key={`gap-${String(gap.start)}`}
                pos="absolute"
                left={0}
                right={0}
                top={`${String(place.top * 100)}%`}
                h={`${String(place.height * 100)}%`}
                aria-hidden
                data-gap-focused={focused ? 'true' : undefined}
                data-testid="gap"
                style={{
                  pointerEvents: 'none',
                  background:
                    'repeating-linear-gradient(45deg, var(--mantine-color-red-1), var(--mantine-color-red-1) 6px, var(--mantine-color-red-0) 6px, var(--mantine-color-red-0) 12px)',
                  borderLeft: `4px solid var(--mantine-color-red-${focused ? '9' : '7'})`,
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
              <ShiftButton
                key={shift.id}
                shift={shift}
                view="week"
                timeZone={timeZone}
                hintId={hintId}
                dropAt={weekDropAt(shift)}
                onEdit={onEdit}
                onMove={onMove}
                pos="absolute"
                left={4}
                right={4}
                top={`${String(place.top * 100)}%`}
                h={`${String(place.height * 100)}%`}
                mih={24}
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
                {shift.backup ? (
                  <Text size="xs" lh={1.2}>
                    backup {shift.backup.displayName}
                  </Text>
                ) : null}
                <VisuallyHidden>, edit or move this shift</VisuallyHidden>
              </ShiftButton>
            );
          })}
          {drag ? (
            <Box
              pos="absolute"
              left={2}
              right={2}
              top={`${String(((Math.min(drag.from, drag.to) - dayStart) / (dayEnd - dayStart)) * 100)}%`}
              h={`${String((Math.abs(drag.to - drag.from) / (dayEnd - dayStart)) * 100)}%`}
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
            key={`fill-${String(gap.start)}`}
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
              {clock(Math.max(gap.start, dayStart), timeZone)} to {clockUntil(gap.end, dayEnd, timeZone)} on{' '}
              {label}
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

export function WeekCalendar({ monday, ...props }: WeekCalendarProps) {
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  return (
    <SimpleGrid cols={7} spacing={6}>
      {days.map((date) => (
        <DayColumn key={date} date={date} {...props} />
      ))}
    </SimpleGrid>
  );
}
