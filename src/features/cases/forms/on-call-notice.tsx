// Who is on call now for the specialty chosen in the new-case form, before anything is sent: the primary
// and the backup, or, with nobody on call, a warning that says what to do (call the switchboard) and what
// sending anyway does, as the routing rules do it: every specialist of the specialty is offered the case at
// once and the ER admins are alerted.
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { Coverage } from '../../../../generated/types.gen.ts';
import { formatDateTime } from '../../../lib/date-time.ts';

export interface OnCallNoticeProps {
  readonly specialtyId: string;
  /** The hospital's coverage; undefined while it loads. */
  readonly coverage: Coverage | undefined;
  /** Why the coverage could not be read, or null. */
  readonly error: string | null;
  readonly onRetry: () => void;
}

const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

export function OnCallNotice({ specialtyId, coverage, error, onRetry }: OnCallNoticeProps) {
  if (specialtyId === '') return null;
  if (error !== null) {
    return (
      <Alert color="gray" title="Who is on call could not be checked" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error} The case can still be sent: it follows the on-call schedule.</Text>
          <Button variant="default" onClick={onRetry} mih={44}>
            Check again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const entry = coverage?.specialties.find((item) => item.specialty.id === specialtyId);
  if (coverage === undefined || entry === undefined) {
    return (
      <Text size="sm" c="dimmed" role="status">
        Checking who is on call…
      </Text>
    );
  }
  const name = entry.specialty.name;
  if (entry.now !== null) {
    return (
      <Alert color="clinical" variant="light" title={`On call now for ${name}`} role="status">
        <Text size="sm">
          <Text span fw={700}>
            {entry.now.primary.displayName}
          </Text>{' '}
          (primary) until{' '}
          <time dateTime={entry.now.until}>{formatDateTime(entry.now.until, coverage.timeZone)}</time>
          {' · '}
          {entry.now.backup ? (
            <>
              backup{' '}
              <Text span fw={700}>
                {entry.now.backup.displayName}
              </Text>
            </>
          ) : (
            'no backup'
          )}
        </Text>
      </Alert>
    );
  }
  const phone = coverage.switchboardPhone;
  return (
    <Alert
      color="yellow"
      variant="outline"
      title={`Nobody is on call for ${name} now`}
      role="alert"
      data-testid="no-coverage-warning"
      styles={{
        root: { backgroundColor: 'var(--mantine-color-yellow-0)', borderWidth: 2 },
        title: { color: 'var(--mantine-color-dark-9)' },
        message: { color: 'var(--mantine-color-dark-9)' },
      }}
    >
      <Stack gap={6}>
        <Text size="sm">
          {phone === null ? (
            <>
              Reach a {name} specialist through the hospital switchboard (its number is not set here: ask your
              hospital administrator to add it).
            </>
          ) : (
            <>
              Call the switchboard on{' '}
              <Anchor href={telHref(phone)} fw={700} c="dark.9" underline="always">
                {phone}
              </Anchor>{' '}
              to reach a {name} specialist.
            </>
          )}
        </Text>
        <Text size="sm">
          If you send anyway, the case goes at once to every {name} specialist of the hospital (
          {entry.specialists === 1 ? '1 specialist' : `${String(entry.specialists)} specialists`}) and the ER
          admins are alerted.
        </Text>
      </Stack>
    </Alert>
  );
}
