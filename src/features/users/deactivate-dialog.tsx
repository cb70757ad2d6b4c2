// Deactivating a user asks first, in a dialog where the admin is looking, and says what it breaks: the user's
// on-call shifts under way or to come, each with what it loses (a primary's shift is left with nobody on
// call; a backup's keeps its primary). After it, the coverage and the gaps are read again at once, and the
// server tells the ER admins.
import { Alert, Box, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  getDeactivationImpactOptions,
  updateUserMutation,
} from '../../../generated/@tanstack/react-query.gen.ts';
import type { ShiftAtRisk, UserAccount } from '../../../generated/types.gen.ts';
import { ApiError, errorText } from '../../lib/api/index.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { refreshAfterUserChange } from './invalidate.ts';
import { userTexts } from './labels.ts';

// What a deactivation changes beyond the user: the on-call coverage, the gaps and the shifts.
const SCHEDULE_QUERIES = new Set(['listShifts', 'getCoverage', 'listMyShifts', 'listSpecialistSchedules']);

function shiftLine(shift: ShiftAtRisk, timeZone: string): string {
  const span = `${formatDateTime(shift.startsAt, timeZone)} to ${formatDateTime(shift.endsAt, timeZone)}`;
  return shift.role === 'primary'
    ? `${shift.specialty.name}, ${span}: on call as primary — nobody will be on call; new cases go to every ${shift.specialty.name} specialist`
    : `${shift.specialty.name}, ${span}: backup — the shift keeps its primary but loses its backup`;
}

export interface DeactivateDialogProps {
  readonly user: UserAccount;
  readonly timeZone: string;
  readonly onClose: () => void;
}

export function DeactivateDialog({ user, timeZone, onClose }: DeactivateDialogProps) {
  const queryClient = useQueryClient();
  const impact = useQuery(getDeactivationImpactOptions({ path: { userId: user.id } }));
  const update = useMutation(updateUserMutation());
  const deactivate = async () => {
    try {
      await update.mutateAsync({ path: { userId: user.id }, body: { version: user.version, active: false } });
      toast(userTexts.deactivated(user.displayName));
      onClose();
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 409 ? userTexts.stale : errorText(error));
    }
    await Promise.all([
      refreshAfterUserChange(queryClient),
      queryClient.invalidateQueries({
        predicate: (query) =>
          SCHEDULE_QUERIES.has((query.queryKey[0] as { _id?: string } | undefined)?._id ?? ''),
      }),
    ]);
  };
  const shifts = impact.data?.shifts ?? [];
  const uncovered = shifts.filter((shift) => shift.leavesUncovered).length;
  let body;
  if (impact.error) {
    body = (
      <Alert color="gray" title="Their shifts could not be checked" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(impact.error)}</Text>
          <Button variant="default" mih={44} onClick={() => void impact.refetch()}>
            Check again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!impact.data) {
    body = (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">Checking their on-call shifts…</Text>
      </Group>
    );
  } else if (shifts.length === 0) {
    body = <Text size="sm">{user.displayName} has no on-call shift under way or to come.</Text>;
  } else {
    body = (
      <Stack gap="xs">
        <Text size="sm" fw={700} c="red.9" data-testid="deactivation-breaks">
          {uncovered > 0
            ? `${String(uncovered)} shift${uncovered === 1 ? '' : 's'} will have nobody on call.`
            : 'Their shifts keep their primaries but lose their backup.'}{' '}
          The ER admins will be told.
        </Text>
        {/* A long rota scrolls inside the dialog, so the question's buttons stay in view; the keyboard reaches it. */}
        <Box
          mah="40dvh"
          style={{ overflowY: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label={`${String(shifts.length)} shifts`}
        >
          <Stack component="ul" gap={4} pl="md" m={0} aria-label={`Shifts of ${user.displayName}`}>
            {shifts.map((shift) => (
              <Text component="li" size="sm" key={shift.shiftId}>
                {shiftLine(shift, timeZone)}
              </Text>
            ))}
          </Stack>
        </Box>
        {impact.data.more ? <Text size="sm">…and more shifts after these.</Text> : null}
      </Stack>
    );
  }
  return (
    <Modal
      opened
      size="lg"
      onClose={onClose}
      title={`Deactivate ${user.displayName}?`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">They will no longer be able to sign in or be offered cases.</Text>
        {body}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={onClose} data-autofocus>
            Keep active
          </Button>
          <Button
            color="red"
            mih={44}
            loading={update.isPending}
            disabled={!impact.data && !impact.error}
            onClick={() => void deactivate()}
          >
            Deactivate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
