// The specialist scheduler: per specialist, the recurring weekly availability (a week view of windows in the
// hospital's time zone, edited and saved at once) and time off (date ranges with a note).
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../lib/api/index.ts';
import { formatDate } from '../../lib/date-time.ts';
import { useState } from 'react';
import {
  addTimeOffMutation,
  deleteTimeOffMutation,
  listSpecialistSchedulesOptions,
  setAvailabilityMutation,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { AvailabilityWindow, SpecialistSchedule } from '../../../generated/types.gen.ts';
import { invalidateSchedules } from './invalidate.ts';
import { WEEKDAY_NAMES } from './week.ts';

function AvailabilityEditor({ schedule }: { schedule: SpecialistSchedule }) {
  const queryClient = useQueryClient();
  const [windows, setWindows] = useState<AvailabilityWindow[]>(schedule.availability);
  const [status, setStatus] = useState<string | null>(null);
  const save = useMutation(setAvailabilityMutation());
  const name = schedule.specialist.displayName;
  const change = (index: number, patch: Partial<AvailabilityWindow>) => {
    setWindows((current) => current.map((window, i) => (i === index ? { ...window, ...patch } : window)));
  };
  return (
    <Stack gap="xs">
      <Text fw={600}>Weekly availability</Text>
      <SimpleGrid cols={{ base: 1, md: 7 }} spacing={4} aria-label={`Week view of ${name}'s availability`}>
        {WEEKDAY_NAMES.map((day, index) => {
          const own = windows.filter((window) => window.weekday === index + 1);
          return (
            <Paper key={day} withBorder p={6}>
              <Text size="sm" fw={600}>
                {day}
              </Text>
              <Text size="sm">
                {own.length === 0
                  ? 'Not available'
                  : own.map((w) => `${w.startTime}–${w.endTime}`).join(', ')}
              </Text>
            </Paper>
          );
        })}
      </SimpleGrid>
      {windows.map((window, index) => (
        <Group key={index} gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Day"
            value={String(window.weekday)}
            data={WEEKDAY_NAMES.map((day, i) => ({ value: String(i + 1), label: day }))}
            onChange={(event) => {
              change(index, { weekday: Number(event.currentTarget.value) });
            }}
          />
          <TextInput
            type="time"
            label="From"
            value={window.startTime}
            onChange={(event) => {
              change(index, { startTime: event.currentTarget.value });
            }}
          />
          <TextInput
            type="time"
            label="To"
            value={window.endTime}
            onChange={(event) => {
              change(index, { endTime: event.currentTarget.value });
            }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size={44}
            aria-label={`Remove ${WEEKDAY_NAMES[window.weekday - 1] ?? ''} ${window.startTime}–${window.endTime}`}
            onClick={() => {
              setWindows((current) => current.filter((_, i) => i !== index));
            }}
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs">
        <Button
          variant="default"
          mih={44}
          onClick={() => {
            setWindows((current) => [...current, { weekday: 1, startTime: '08:00', endTime: '20:00' }]);
          }}
        >
          Add a window
        </Button>
        <Button
          mih={44}
          loading={save.isPending}
          onClick={() => {
            setStatus(null);
            save.mutate(
              { path: { specialistId: schedule.specialist.id }, body: { windows } },
              {
                onSuccess: () => {
                  setStatus('Availability saved.');
                  void invalidateSchedules(queryClient);
                },
                onError: (error) => {
                  setStatus(`Not saved: ${errorText(error)}`);
                },
              },
            );
          }}
        >
          Save availability
        </Button>
      </Group>
      {status !== null ? <Text role="status">{status}</Text> : null}
    </Stack>
  );
}

function TimeOffEditor({ schedule }: { schedule: SpecialistSchedule }) {
  const queryClient = useQueryClient();
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const add = useMutation(addTimeOffMutation());
  const remove = useMutation(deleteTimeOffMutation());
  const done = (text: string) => {
    setStatus(text);
    void invalidateSchedules(queryClient);
  };
  return (
    <Stack gap="xs">
      <Text fw={600}>Time off</Text>
      {schedule.timeOff.length === 0 ? <Text size="sm">No time off recorded.</Text> : null}
      {schedule.timeOff.map((period) => (
        <Group key={period.id} gap="xs" justify="space-between">
          <Text size="sm">
            {formatDate(period.startsOn)} to {formatDate(period.endsOn)}
            {period.note ? ` · ${period.note}` : ''}
          </Text>
          <Button
            variant="subtle"
            color="red"
            mih={44}
            onClick={() => {
              remove.mutate(
                { path: { timeOffId: period.id } },
                {
                  onSuccess: () => {
                    done('Time off deleted.');
                  },
                },
              );
            }}
          >
            Delete
          </Button>
        </Group>
      ))}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label="First day"
          value={startsOn}
          onChange={(event) => {
            setStartsOn(event.currentTarget.value);
          }}
        />
        <TextInput
          type="date"
          label="Last day"
          value={endsOn}
          onChange={(event) => {
            setEndsOn(event.currentTarget.value);
          }}
        />
        <TextInput
          label="Note"
          value={note}
          maxLength={200}
          onChange={(event) => {
            setNote(event.currentTarget.value);
          }}
        />
        <Button
          mih={44}
          loading={add.isPending}
          onClick={() => {
            if (startsOn === '' || endsOn === '') {
              setStatus('Enter the first and the last day.');
              return;
            }
            add.mutate(
              { path: { specialistId: schedule.specialist.id }, body: { startsOn, endsOn, note } },
              {
                onSuccess: () => {
                  setNote('');
                  done('Time off added.');
                },
                onError: (error) => {
                  setStatus(`Not added: ${errorText(error)}`);
                },
              },
            );
          }}
        >
          Add time off
        </Button>
      </Group>
      {status !== null ? <Text role="status">{status}</Text> : null}
    </Stack>
  );
}

export function SpecialistScheduler() {
  const schedules = useQuery(listSpecialistSchedulesOptions());
  const [chosen, setChosen] = useState<string | null>(null);
  if (schedules.isPending) {
    return (
      <Group aria-busy="true" gap="xs">
        <Loader size="sm" />
        <Text>Loading the specialists…</Text>
      </Group>
    );
  }
  if (schedules.isError) {
    return (
      <Alert color="red" role="alert" title="The specialists could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text>{errorText(schedules.error)}</Text>
          <Button onClick={() => void schedules.refetch()}>Retry</Button>
        </Stack>
      </Alert>
    );
  }
  const { items, timeZone } = schedules.data;
  if (items.length === 0) return <Text>This hospital has no specialists yet.</Text>;
  const schedule = items.find((item) => item.specialist.id === chosen) ?? items[0];
  if (!schedule) return null;
  return (
    <Stack gap="md">
      <NativeSelect
        label="Specialist"
        value={schedule.specialist.id}
        data={items.map((item) => ({
          value: item.specialist.id,
          label: `${item.specialist.displayName} (${item.specialties.join(', ')})`,
        }))}
        onChange={(event) => {
          setChosen(event.currentTarget.value);
        }}
      />
      <Text size="sm">Days and hours in the hospital's time ({timeZone}).</Text>
      <Paper withBorder p="sm" component="section" aria-labelledby="specialist-name">
        <Stack gap="md">
          <Title order={2} size="h3" id="specialist-name">
            {schedule.specialist.displayName}
          </Title>
          <AvailabilityEditor key={`a-${schedule.specialist.id}`} schedule={schedule} />
          <TimeOffEditor key={`t-${schedule.specialist.id}`} schedule={schedule} />
        </Stack>
      </Paper>
    </Stack>
  );
}
