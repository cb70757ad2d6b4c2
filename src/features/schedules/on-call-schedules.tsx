// The on-call schedules: choose a specialty and a week, see its shifts and gaps, create by dragging or by
// the form, edit and delete, and copy the week to the next. Opened from a gap's link, it shows that week
// with the gap outlined.
import { Alert, Button, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../lib/api/index.ts';
import { useState } from 'react';
import {
  copyShiftWeekMutation,
  listShiftsOptions,
  listSpecialistSchedulesOptions,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { Shift } from '../../../generated/types.gen.ts';
import { useCoverage } from './coverage-panel.tsx';
import { invalidateSchedules } from './invalidate.ts';
import { ShiftForm, type ShiftDraft } from './shift-form.tsx';
import { addDays, dayLabel, instantOf, localDate, mondayOf, WARNING_TEXT } from './week.ts';
import { WeekCalendar } from './week-calendar.tsx';

export interface OnCallSchedulesProps {
  readonly specialtyId: string | null;
  /** An instant to open the schedule at (a gap's start). */
  readonly at: string | null;
  readonly onSpecialtyChange: (specialtyId: string) => void;
}

export function OnCallSchedules({ specialtyId, at, onSpecialtyChange }: OnCallSchedulesProps) {
  const coverage = useCoverage();
  const timeZone = coverage.data?.timeZone ?? 'UTC';
  const specialties = coverage.data?.specialties.map((entry) => entry.specialty) ?? [];
  const specialty = specialties.find((entry) => entry.id === specialtyId) ?? specialties[0];
  const [now] = useState(() => Date.now());
  const focusAt = at === null ? null : Date.parse(at);
  const [monday, setMonday] = useState<string | null>(null);
  const shownMonday = monday ?? mondayOf(localDate(focusAt ?? now, timeZone));
  const from = new Date(instantOf(shownMonday, '00:00', timeZone)).toISOString();
  const to = new Date(instantOf(addDays(shownMonday, 7), '00:00', timeZone)).toISOString();
  const shifts = useQuery({
    ...listShiftsOptions({ query: { from, to, specialtyId: specialty?.id ?? '' } }),
    enabled: specialty !== undefined && coverage.data !== undefined,
  });
  const people = useQuery(listSpecialistSchedulesOptions());
  const [draft, setDraft] = useState<ShiftDraft | null>(null);
  const [notice, setNotice] = useState<{ text: string; warn: boolean } | null>(null);
  const queryClient = useQueryClient();
  const copy = useMutation(copyShiftWeekMutation());

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
      const copied = await copy.mutateAsync({ body: { specialtyId: specialty.id, weekStart: shownMonday } });
      await invalidateSchedules(queryClient);
      setNotice({
        text: `Copied ${copied.items.length} shifts to the week of ${dayLabel(addDays(shownMonday, 7))}.`,
        warn: false,
      });
    } catch (error) {
      setNotice({
        text: errorText(error),
        warn: true,
      });
    }
  };
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
        <Button
          variant="default"
          mih={44}
          onClick={() => {
            setMonday(addDays(shownMonday, -7));
          }}
        >
          Previous week
        </Button>
        <Button
          variant="default"
          mih={44}
          onClick={() => {
            setMonday(mondayOf(localDate(Date.now(), timeZone)));
          }}
        >
          This week
        </Button>
        <Button
          variant="default"
          mih={44}
          onClick={() => {
            setMonday(addDays(shownMonday, 7));
          }}
        >
          Next week
        </Button>
        <Button variant="light" mih={44} loading={copy.isPending} onClick={() => void copyWeek()}>
          Copy this week to the next
        </Button>
      </Group>
      <Text>
        Week of {dayLabel(shownMonday)} · times in {timeZone}. Drag down a day to draw a shift, or use the
        buttons.
      </Text>
      {notice ? (
        <Alert color={notice.warn ? 'orange' : 'green'} role="status">
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
      ) : (
        <WeekCalendar
          monday={shownMonday}
          timeZone={timeZone}
          shifts={shifts.data.items}
          now={now}
          focusAt={focusAt}
          onCreate={(span) => {
            setDraft({
              startsAt: new Date(span.start).toISOString(),
              endsAt: new Date(span.end).toISOString(),
            });
          }}
          onEdit={(shift) => {
            setDraft({ shift, startsAt: shift.startsAt, endsAt: shift.endsAt });
          }}
        />
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
      />
    </Stack>
  );
}
