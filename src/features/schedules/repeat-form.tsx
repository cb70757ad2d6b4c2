// Repeat a shift pattern over a range, in a dialog: who (primary and optional backup), which weekdays, from
// what time to what time (an end at or before the start ends the next morning), from one date to another.
// The server creates all the shifts or none, and answers a clash with a sentence shown above the buttons.
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { repeatShiftsMutation } from '../../../generated/@tanstack/react-query.gen.ts';
import type { Shift } from '../../../generated/types.gen.ts';
import { errorText } from '../../lib/api/index.ts';
import { invalidateSchedules } from './invalidate.ts';
import { addDays, WEEKDAY_NAMES } from './week.ts';

export interface RepeatFormProps {
  readonly opened: boolean;
  readonly specialty: { id: string; name: string };
  readonly specialists: readonly { id: string; displayName: string }[];
  /** The first day the form proposes (the Monday shown). */
  readonly fromDate: string;
  readonly timeZone: string;
  readonly onClose: () => void;
  readonly onSaved: (shifts: readonly Shift[]) => void;
}

export function RepeatForm({ opened, specialty, onClose, ...rest }: RepeatFormProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Repeat a ${specialty.name} shift`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened ? <RepeatFields specialty={specialty} onClose={onClose} opened {...rest} /> : null}
    </Modal>
  );
}

function RepeatFields({ specialty, specialists, fromDate, timeZone, onClose, onSaved }: RepeatFormProps) {
  const queryClient = useQueryClient();
  const [primaryId, setPrimaryId] = useState(specialists[0]?.id ?? '');
  const [backupId, setBackupId] = useState('');
  const [from, setFrom] = useState(fromDate);
  // Four weeks by default, as a rota is usually planned.
  const [to, setTo] = useState(addDays(fromDate, 27));
  const [weekdays, setWeekdays] = useState<string[]>(['1', '2', '3', '4', '5']);
  const [startTime, setStartTime] = useState('08:00');
  const [endTime, setEndTime] = useState('20:00');
  const [problem, setProblem] = useState<string | null>(null);
  const repeat = useMutation(repeatShiftsMutation());
  const people = specialists.map((person) => ({ value: person.id, label: person.displayName }));

  const submit = async (event: React.SyntheticEvent) => {
    event.preventDefault();
    setProblem(null);
    if (weekdays.length === 0) {
      setProblem('Choose at least one weekday.');
      return;
    }
    if (from === '' || to === '' || startTime === '' || endTime === '') {
      setProblem('Enter the dates and the times.');
      return;
    }
    try {
      const created = await repeat.mutateAsync({
        body: {
          specialtyId: specialty.id,
          primaryId,
          backupId: backupId === '' ? null : backupId,
          fromDate: from,
          toDate: to,
          weekdays: weekdays.map(Number).sort(),
          startTime,
          endTime,
        },
      });
      await invalidateSchedules(queryClient);
      onSaved(created.items);
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label="Primary specialist"
          value={primaryId}
          required
          data={people}
          onChange={(event) => {
            setPrimaryId(event.currentTarget.value);
          }}
        />
        <NativeSelect
          label="Backup specialist"
          value={backupId}
          data={[{ value: '', label: 'No backup' }, ...people.filter((person) => person.value !== primaryId)]}
          onChange={(event) => {
            setBackupId(event.currentTarget.value);
          }}
        />
        <Checkbox.Group label="On these days" value={weekdays} onChange={setWeekdays} required>
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing={4} mt={4}>
            {WEEKDAY_NAMES.map((name, index) => (
              <Checkbox
                key={name}
                value={String(index + 1)}
                label={name}
                styles={{ body: { minHeight: 44, alignItems: 'center' } }}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            type="time"
            label="From"
            description={`Hospital time (${timeZone})`}
            value={startTime}
            required
            onChange={(event) => {
              setStartTime(event.currentTarget.value);
            }}
          />
          <TextInput
            type="time"
            label="To"
            description="Before the start: next day"
            value={endTime}
            required
            onChange={(event) => {
              setEndTime(event.currentTarget.value);
            }}
          />
          <TextInput
            type="date"
            label="First day"
            value={from}
            required
            onChange={(event) => {
              setFrom(event.currentTarget.value);
            }}
          />
          <TextInput
            type="date"
            label="Last day"
            value={to}
            required
            onChange={(event) => {
              setTo(event.currentTarget.value);
            }}
          />
        </SimpleGrid>
        {problem !== null ? (
          <Alert color="red" role="alert" title="Not saved">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} mih={44}>
            Cancel
          </Button>
          <Button type="submit" loading={repeat.isPending} mih={44}>
            Create shifts
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
