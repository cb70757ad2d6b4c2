// The on-call schedules: choose a specialty, a week or a month, see its shifts and gaps; create by dragging
// or by the form, edit and delete by the form, move a shift by dragging it or with the arrow keys, repeat a
// pattern over a range and copy the week to the next. Opened from a gap's link, it shows that week with the
// gap outlined. A phone gets a list of days instead of a grid.
import { Alert, Button, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import {
  copyShiftWeekMutation,
  listShiftsOptions,
  listSpecialistSchedulesOptions,
  updateShiftMutation,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { Shift } from '../../../generated/types.gen.ts';
import { errorText } from '../../lib/api/index.ts';
import { KEY_HINT, type CalendarView } from './calendar-keys.ts';
import { useCoverage } from './coverage-panel.tsx';
import { DayList } from './day-list.tsx';
import { invalidateSchedules } from './invalidate.ts';
import { MonthCalendar } from './month-calendar.tsx';
import { RepeatForm } from './repeat-form.tsx';
import { ShiftForm, type ShiftDraft } from './shift-form.tsx';
import {
  addDays,
  addMonths,
  clock,
  dayLabel,
  gapsBetween,
  instantOf,
  localDate,
  mondayOf,
  monthLabel,
  monthOf,
  weeksOfMonth,
  WARNING_TEXT,
  type Span,
} from './week.ts';
import { WeekCalendar } from './week-calendar.tsx';

export interface OnCallSchedulesProps {
  readonly specialtyId: string | null;
  /** An instant to open the schedule at (a gap's start). */
  readonly at: string | null;
  readonly onSpecialtyChange: (specialtyId: string) => void;
}

// The grids need room for seven readable columns; below this the days are listed.
const WIDE = '(min-width: 62em)';

export function OnCallSchedules({ specialtyId, at, onSpecialtyChange }: OnCallSchedulesProps) {
  const coverage = useCoverage();
  const timeZone = coverage.data?.timeZone ?? 'UTC';
  const specialties = coverage.data?.specialties.map((entry) => entry.specialty) ?? [];
  const specialty = specialties.find((entry) => entry.id === specialtyId) ?? specialties[0];
  const [now] = useState(() => Date.now());
  const focusAt = at === null ? null : Date.parse(at);
  const wide = useMediaQuery(WIDE, undefined, { getInitialValueInEffect: false });
  const [view, setView] = useState<CalendarView>('week');
  const [anchor, setAnchor] = useState<string | null>(null);
  const shownDay = anchor ?? localDate(focusAt ?? now, timeZone);
  const monday = mondayOf(shownDay);
  const first = monthOf(shownDay);
  const weeks = weeksOfMonth(first);
  const rangeStartDay = view === 'week' ? monday : (weeks[0] ?? first);
  const rangeEndDay = view === 'week' ? addDays(monday, 7) : addDays(weeks.at(-1) ?? first, 7);
  const rangeStart = instantOf(rangeStartDay, '00:00', timeZone);
  const rangeEnd = instantOf(rangeEndDay, '00:00', timeZone);
  const shifts = useQuery({
    ...listShiftsOptions({
      query: {
        from: new Date(rangeStart).toISOString(),
        to: new Date(rangeEnd).toISOString(),
        specialtyId: specialty?.id ?? '',
      },
    }),
    enabled: specialty !== undefined && coverage.data !== undefined,
  });
  const people = useQuery(listSpecialistSchedulesOptions());
  const [draft, setDraft] = useState<ShiftDraft | null>(null);
  const [repeating, setRepeating] = useState(false);
  const [notice, setNotice] = useState<{ text: string; warn: boolean } | null>(null);
  const queryClient = useQueryClient();
  const copy = useMutation(copyShiftWeekMutation());
  const update = useMutation(updateShiftMutation());
  const hintId = useId();
  // After a move the shift is drawn anew, perhaps in another day: the keyboard stays on it.
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    const id = refocus.current;
    if (id === null || !/^[\w-]+$/.test(id)) return;
    const button = document.querySelector<HTMLElement>(`[data-shift-id="${id}"]`);
    if (button) {
      refocus.current = null;
      button.focus();
    }
  }, [shifts.dataUpdatedAt]);

  if (coverage.isPending) {
    return (
      <Group aria-busy="true" gap="xs">
        <Loader size="sm" />
        <Text>Loading the schedules…</Text>
      </Group>
    );
  }
  if (coverage.isError || specialty === undefined) {
    return (
      <Alert color="red" role="alert" title="The schedules could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text>
            {coverage.isError
              ? errorText(coverage.error)
              : 'No specialty has specialists at this hospital yet.'}
          </Text>
          <Button onClick={() => void coverage.refetch()}>Retry</Button>
        </Stack>
      </Alert>
    );
  }
  const specialists = (people.data?.items ?? [])
    .filter((item) => item.specialties.includes(specialty.name))
    .map((item) => item.specialist);
  const copyWeek = async () => {
    setNotice(null);
    try {
      const copied = await copy.mutateAsync({ body: { specialtyId: specialty.id, weekStart: monday } });
      await invalidateSchedules(queryClient);
      setNotice({
        text: `Copied ${String(copied.items.length)} shifts to the week of ${dayLabel(addDays(monday, 7))}.`,
        warn: false,
      });
    } catch (error) {
      setNotice({ text: errorText(error), warn: true });
    }
  };
  const warned = (shift: Shift) =>
    shift.warnings.length > 0
      ? ` Warning: ${shift.primary.displayName} — ${shift.warnings.map((w) => WARNING_TEXT[w]).join('; ')}.`
      : '';
  const saved = (shift: Shift | null) => {
    setDraft(null);
    if (shift === null) setNotice({ text: 'Shift deleted.', warn: false });
    else if (shift.warnings.length > 0)
      setNotice({
        text: `Saved with a warning: ${shift.primary.displayName} — ${shift.warnings.map((w) => WARNING_TEXT[w]).join('; ')}.`,
        warn: true,
      });
    else setNotice({ text: `Saved: ${shift.primary.displayName} is on call.`, warn: false });
  };
  const move = async (shift: Shift, to: Span) => {
    setNotice(null);
    refocus.current = shift.id;
    try {
      const moved = await update.mutateAsync({
        path: { shiftId: shift.id },
        body: {
          specialtyId: specialty.id,
          startsAt: new Date(to.start).toISOString(),
          endsAt: new Date(to.end).toISOString(),
          primaryId: shift.primary.id,
          backupId: shift.backup?.id ?? null,
        },
      });
      await invalidateSchedules(queryClient);
      setNotice({
        text: `Moved: ${moved.primary.displayName} on call ${dayLabel(localDate(moved.startsAt, timeZone))} ${clock(moved.startsAt, timeZone)}–${clock(moved.endsAt, timeZone)}.${warned(moved)}`,
        warn: moved.warnings.length > 0,
      });
    } catch (error) {
      setNotice({ text: `Not moved: ${errorText(error)}`, warn: true });
    }
  };
  const step = (direction: -1 | 1) => {
    setAnchor(view === 'week' ? addDays(monday, 7 * direction) : addMonths(first, direction));
  };
  const gaps = shifts.data ? gapsBetween(shifts.data.items, Math.max(rangeStart, now), rangeEnd) : [];
  const calendarProps = {
    timeZone,
    shifts: shifts.data?.items ?? [],
    gaps,
    focusAt,
    hintId,
    onCreate: (span: Span) => {
      setDraft({ startsAt: new Date(span.start).toISOString(), endsAt: new Date(span.end).toISOString() });
    },
    onEdit: (shift: Shift) => {
      setDraft({ shift, startsAt: shift.startsAt, endsAt: shift.endsAt });
    },
    onMove: (shift: Shift, to: Span) => void move(shift, to),
  };
  const listDays =
    view === 'week'
      ? Array.from({ length: 7 }, (_, index) => addDays(monday, index))
      : Array.from({ length: Number(addDays(addMonths(first, 1), -1).slice(8, 10)) }, (_, index) =>
          addDays(first, index),
        );
  const unit = view === 'week' ? 'week' : 'month';

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Specialty"
          value={specialty.id}
          data={specialties.map((entry) => ({ value: entry.id, label: entry.name }))}
          onChange={(event) => {
            onSpecialtyChange(event.currentTarget.value);
          }}
        />
        <Group gap={0} role="group" aria-label="Calendar view">
          {(['week', 'month'] as const).map((option) => (
            <Button
              key={option}
              mih={44}
              variant={view === option ? 'filled' : 'default'}
              aria-pressed={view === option}
              onClick={() => {
                setView(option);
              }}
            >
              {option === 'week' ? 'Week' : 'Month'}
            </Button>
          ))}
        </Group>
      </Group>
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          mih={44}
          onClick={() => {
            step(-1);
          }}
        >
          Previous {unit}
        </Button>
        <Button
          variant="default"
          mih={44}
          onClick={() => {
            setAnchor(localDate(Date.now(), timeZone));
          }}
        >
          This {unit}
        </Button>
        <Button
          variant="default"
          mih={44}
          onClick={() => {
            step(1);
          }}
        >
          Next {unit}
        </Button>
        <Button
          variant="light"
          mih={44}
          onClick={() => {
            setNotice(null);
            setRepeating(true);
          }}
        >
          Repeat a shift…
        </Button>
        {view === 'week' ? (
          <Button variant="light" mih={44} loading={copy.isPending} onClick={() => void copyWeek()}>
            Copy this week to the next
          </Button>
        ) : null}
      </Group>
      <Stack gap={2}>
        <Text fw={700} aria-live="polite">
          {view === 'week' ? `Week of ${dayLabel(monday)}` : monthLabel(first)} · times in {timeZone}
        </Text>
        <Text size="sm" id={hintId}>
          {wide
            ? view === 'week'
              ? 'Drag down a day to draw a shift; drag a shift to move it. '
              : 'Drag a shift to another day to move it. '
            : ''}
          {KEY_HINT[view]} Gaps in the cover are red.
        </Text>
      </Stack>
      {notice ? (
        <Alert color={notice.warn ? 'orange' : 'green'} role="status" data-testid="schedule-notice">
          {notice.text}
        </Alert>
      ) : null}
      {shifts.isPending ? (
        <Group aria-busy="true" gap="xs">
          <Loader size="sm" />
          <Text>Loading shifts…</Text>
        </Group>
      ) : shifts.isError ? (
        <Alert color="red" role="alert" title="The shifts could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text>{errorText(shifts.error)}</Text>
            <Button onClick={() => void shifts.refetch()}>Retry</Button>
          </Stack>
        </Alert>
      ) : !wide ? (
        <DayList days={listDays} view={view} {...calendarProps} />
      ) : view === 'week' ? (
        <WeekCalendar monday={monday} {...calendarProps} />
      ) : (
        <MonthCalendar first={first} weeks={weeks} {...calendarProps} />
      )}
      <ShiftForm
        draft={draft}
        specialty={specialty}
        specialists={specialists}
        timeZone={timeZone}
        onClose={() => {
          setDraft(null);
        }}
        onSaved={saved}
        onHandedOver={(result) => {
          setDraft(null);
          setNotice({
            text: `Handed over to ${result.handed.primary.displayName} from ${dayLabel(localDate(result.handed.startsAt, timeZone))} ${clock(result.handed.startsAt, timeZone)}; ${String(result.movedCases)} waiting ${result.movedCases === 1 ? 'case' : 'cases'} moved to them.${warned(result.handed)}`,
            warn: result.handed.warnings.length > 0,
          });
        }}
      />
      <RepeatForm
        opened={repeating}
        specialty={specialty}
        specialists={specialists}
        fromDate={view === 'week' ? monday : first}
        timeZone={timeZone}
        onClose={() => {
          setRepeating(false);
        }}
        onSaved={(created) => {
          setRepeating(false);
          setNotice({
            text: `Created ${String(created.length)} ${created.length === 1 ? 'shift' : 'shifts'}.${created.some((shift) => shift.warnings.length > 0) ? ' Some are outside the specialist’s availability or during their time off: look for ⚠.' : ''}`,
            warn: created.some((shift) => shift.warnings.length > 0),
          });
        }}
      />
    </Stack>
  );
}
