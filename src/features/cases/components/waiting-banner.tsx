// At the top of a case nobody has accepted: "Waiting for a specialist — nobody has accepted" (or, with nobody
// on call, "No on-call cover"), with nobody holding an offer the reason why, and for each
// open offer who was offered it, when, how often they were alerted and whether it reached and was seen by them.
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Case } from '../../../../generated/types.gen.ts';
import { HourglassIcon } from '../../../components/icons.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { isWaiting, stepLabels } from '../labels.ts';

export function WaitingBanner({ item, timeZone }: { readonly item: Case; readonly timeZone: string }) {
  if (!isWaiting(item.status)) return null;
  const open = item.offers.filter((offer) => offer.acceptedAt === null && offer.declinedAt === null);
  const declined = item.offers.filter((offer) => offer.declinedAt !== null).length;
  const color = item.noCoverage ? 'yellow' : item.status === 'escalated' ? 'grape' : 'clinical';
  const name = item.specialty.name;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="waiting-title"
      style={{ borderInlineStart: `6px solid var(--mantine-color-${color}-8)` }}
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" c={item.noCoverage ? 'dark.9' : `${color}.9`}>
          <HourglassIcon size={22} />
          <Title order={2} size="h4" id="waiting-title" c="inherit">
            {item.noCoverage
              ? `No on-call cover — waiting for any ${name} specialist`
              : 'Waiting for a specialist — nobody has accepted'}
          </Title>
        </Group>
        {open.length === 0 ? (
          <Text size="sm" fw={600}>
            No specialist holds an open offer:{' '}
            {declined > 0
              ? `every ${name} specialist offered it declined (${String(declined)}).`
              : `no ${name} specialist could be offered it.`}{' '}
            Call the switchboard or an ER admin.
          </Text>
        ) : (
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
            {open.map((offer) => (
              <Text component="li" size="sm" key={offer.id}>
                <Text span fw={600}>
                  {offer.specialist.displayName}
                </Text>{' '}
                ({stepLabels[offer.step]}): offered {formatDateTime(offer.offeredAt, timeZone)}, alerted{' '}
                {offer.alertCount === 1 ? 'once' : `${offer.alertCount} times`}, last{' '}
                {formatDateTime(offer.lastAlertedAt, timeZone)};{' '}
                {offer.deliveredAt ? 'delivered' : 'not delivered'}, {offer.seenAt ? 'seen' : 'not seen'}.
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
