// The shift form, in a dialog: start and end in the hospital's time zone, the primary and an optional backup
// among the specialty's specialists. The server's rules answer with a sentence shown above the buttons. A
// saved shift can also be handed over (a swap): from now, or whole if it has not begun, to another
// specialist, and the cases still waiting on the outgoing primary go with it.
import { Alert, Button, Divider, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../lib/api/index.ts';
import { useState } from 'react';
import {
  createShiftMutation,
  deleteShiftMutation,
  handOverShiftMutation,
  updateShiftMutation,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { Shift, ShiftHandoverResult } from '../../../generated/types.gen.ts';
import { formatDateTime, isoToWallTime, wallTimeToIso } from '../../lib/date-time.ts';
import { invalidateSchedules } from './invalidate.ts';

export interface ShiftDraft {
  /** The shift being edited; absent for a new one. */
  readonly shift?: Shift;
  readonly startsAt: string;
  readonly endsAt: string;
}

export interface ShiftFormProps {
  readonly draft: ShiftDraft | null;
  readonly specialty: { id: string; name: string };
  readonly specialists: readonly { id: string; displayName: string }[];
  readonly timeZone: string;
  readonly onClose: () => void;
  /** After a save: the shift as saved (with its warnings), or null after a delete. */
  readonly onSaved: (shift: Shift | null) => void;
  /** After a handover: the part kept, the part handed and how many waiting cases moved. */
  readonly onHandedOver: (result: ShiftHandoverResult) => void;
}

export function ShiftForm({
  draft,
  specialty,
  specialists,
  timeZone,
  onClose,
  onSaved,
  onHandedOver,
}: ShiftFormProps) {
  return (
    <Modal
      opened={draft !== null}
      onClose={onClose}
      title={draft?.shift ? `Edit ${specialty.name} shift` : `New ${specialty.name} shift`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {draft ? (
        <ShiftFields
          key={`${draft.shift?.id ?? 'new'}-${draft.startsAt}`}
          draft={draft}
          specialty={specialty}
          specialists={specialists}
          timeZone={timeZone}
          onClose={onClose}
          onSaved={onSaved}
          onHandedOver={onHandedOver}
        />
      ) : null}
    </Modal>
  );
}

function ShiftFields({
  draft,
  specialty,
  specialists,
  timeZone,
  onClose,
  onSaved,
  onHandedOver,
}: ShiftFormProps & { draft: ShiftDraft }) {
  const queryClient = useQueryClient();
  const [start, setStart] = useState(isoToWallTime(draft.startsAt, timeZone));
  const [end, setEnd] = useState(isoToWallTime(draft.endsAt, timeZone));
  const [primaryId, setPrimaryId] = useState(draft.shift?.primary.id ?? specialists[0]?.id ?? '');
  const [backupId, setBackupId] = useState(draft.shift?.backup?.id ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => invalidateSchedules(queryClient);
  const create = useMutation(createShiftMutation());
  const update = useMutation(updateShiftMutation());
  const remove = useMutation(deleteShiftMutation());
  const handOver = useMutation(handOverShiftMutation());
  const busy = create.isPending || update.isPending || remove.isPending || handOver.isPending;
  const [incomingId, setIncomingId] = useState('');
  // Deleting asks first, in the dialog the admin is looking at, and names the gap it leaves.
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const submit = async (event: React.SyntheticEvent) => {
    event.preventDefault();
    setProblem(null);
    const startsAt = wallTimeToIso(start, timeZone);
    const endsAt = wallTimeToIso(end, timeZone);
    if (startsAt === null || endsAt === null) {
      setProblem('Enter the start and the end as a date and a time.');
      return;
    }
    const body = {
      specialtyId: specialty.id,
      startsAt,
      endsAt,
      primaryId,
      backupId: backupId === '' ? null : backupId,
    };
    try {
      const saved = draft.shift
        ? await update.mutateAsync({ path: { shiftId: draft.shift.id }, body })
        : await create.mutateAsync({ body });
      await refresh();
      onSaved(saved);
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  const deleteShift = async () => {
    if (!draft.shift) return;
    setConfirmingDelete(false);
    setProblem(null);
    try {
      await remove.mutateAsync({ path: { shiftId: draft.shift.id } });
      await refresh();
      onSaved(null);
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  const handOverShift = async () => {
    if (!draft.shift || incomingId === '') {
      setProblem('Choose who takes the shift over.');
      return;
    }
    setProblem(null);
    try {
      const result = await handOver.mutateAsync({
        path: { shiftId: draft.shift.id },
        body: { toId: incomingId },
      });
      await refresh();
      onHandedOver(result);
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  const people = specialists.map((person) => ({ value: person.id, label: person.displayName }));
  const outgoingId = draft.shift?.primary.id;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          type="datetime-local"
          label="Starts"
          description={`In the hospital's time (${timeZone})`}
          value={start}
          required
          onChange={(event) => {
            setStart(event.currentTarget.value);
          }}
        />
        <TextInput
          type="datetime-local"
          label="Ends"
          value={end}
          required
          onChange={(event) => {
            setEnd(event.currentTarget.value);
          }}
        />
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
        {problem !== null ? (
          <Alert color="red" role="alert" title="Not saved">
            {problem}
          </Alert>
        ) : null}
        {draft.shift && confirmingDelete ? (
          <DeleteConfirmation
            shift={draft.shift}
            specialty={specialty}
            timeZone={timeZone}
            busy={busy}
            onKeep={() => {
              setConfirmingDelete(false);
            }}
            onDelete={() => void deleteShift()}
          />
        ) : null}
        <Group justify="space-between" gap="sm">
          {draft.shift ? (
            <Button
              color="red"
              variant="outline"
              onClick={() => {
                setConfirmingDelete(true);
              }}
              disabled={busy || confirmingDelete}
              mih={44}
            >
              Delete shift
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose} mih={44}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} mih={44}>
              Save shift
            </Button>
          </Group>
        </Group>
        {draft.shift ? (
          <Stack gap="xs">
            <Divider />
            <Text fw={700}>Hand over</Text>
            <Text size="sm">
              From now, or the whole shift if it has not begun. Cases waiting on{' '}
              {draft.shift.primary.displayName} move to the incoming specialist.
            </Text>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <NativeSelect
                label="Hand over to"
                value={incomingId}
                data={[
                  { value: '', label: 'Choose a specialist' },
                  ...people.filter((person) => person.value !== outgoingId),
                ]}
                onChange={(event) => {
                  setIncomingId(event.currentTarget.value);
                }}
              />
              <Button variant="outline" onClick={() => void handOverShift()} disabled={busy} mih={44}>
                Hand over
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * "Delete this shift?" with the gap it leaves: no two primary shifts of a specialty overlap, so from the
 * shift's start (or now, for one under way) to its end nobody is on call, and new cases of the specialty go
 * to every specialist of it.
 */
function DeleteConfirmation({
  shift,
  specialty,
  timeZone,
  busy,
  onKeep,
  onDelete,
}: {
  shift: Shift;
  specialty: { name: string };
  timeZone: string;
  busy: boolean;
  onKeep: () => void;
  onDelete: () => void;
}) {
  // The moment the question is asked: a shift under way leaves its gap from now.
  const [asked] = useState(() => Date.now());
  const from = new Date(Math.max(Date.parse(shift.startsAt), asked)).toISOString();
  return (
    <Alert color="red" variant="outline" title="Delete this shift?" role="alert">
      <Stack gap="sm">
        <Text size="sm">
          {specialty.name}: {shift.primary.displayName}
          {shift.backup ? ` (backup ${shift.backup.displayName})` : ''},{' '}
          {formatDateTime(shift.startsAt, timeZone)} to {formatDateTime(shift.endsAt, timeZone)}.
        </Text>
        <Text size="sm" fw={600} data-testid="delete-gap">
          It leaves a gap: nobody is on call for {specialty.name} from {formatDateTime(from, timeZone)} to{' '}
          {formatDateTime(shift.endsAt, timeZone)}. New cases then go to every {specialty.name} specialist and
          the ER admins are alerted.
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onKeep} mih={44} data-autofocus>
            Keep the shift
          </Button>
          <Button color="red" onClick={onDelete} loading={busy} mih={44}>
            Delete and leave the gap
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
