// The closed loop, like read receipts: who the case was offered to and when, and whether the offer was
// delivered to their app, seen, accepted or declined.
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Offer } from '../../../../generated/types.gen.ts';
import { stepLabels } from '../labels.ts';
import { formatDateTime } from '../../../lib/date-time.ts';

function Receipt({ label, at, timeZone }: { label: string; at: string | null; timeZone: string }) {
  return (
    <Badge variant={at ? 'light' : 'outline'} color={at ? 'clinical' : 'gray'} tt="none">
      {at ? `${label} ${formatDateTime(at, timeZone)}` : `Not ${label.toLowerCase()}`}
    </Badge>
  );
}

export function OffersList({
  offers,
  timeZone,
}: {
  readonly offers: readonly Offer[];
  readonly timeZone: string;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="offers-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="offers-title">
          Offers
        </Title>
        {offers.length === 0 && <Text c="dimmed">Not offered to anyone yet.</Text>}
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {offers.map((offer) => (
            <Stack
              component="li"
              key={offer.id}
              gap={4}
              aria-label={`Offer to ${offer.specialist.displayName}`}
            >
              <Text fw={600}>
                {offer.specialist.displayName}{' '}
                <Text span size="sm" c="dimmed">
                  ({stepLabels[offer.step]}), offered {formatDateTime(offer.offeredAt, timeZone)}
                  {offer.alertCount > 1 ? `, alerted ${offer.alertCount} times` : ''}
                </Text>
              </Text>
              <Group gap={4} wrap="wrap">
                <Receipt label="Delivered" at={offer.deliveredAt} timeZone={timeZone} />
                <Receipt label="Seen" at={offer.seenAt} timeZone={timeZone} />
                {offer.declinedAt === null ? (
                  <Receipt label="Accepted" at={offer.acceptedAt} timeZone={timeZone} />
                ) : (
                  <Badge variant="outline" color="gray" tt="none">
                    Declined {formatDateTime(offer.declinedAt, timeZone)}
                  </Badge>
                )}
              </Group>
              {offer.declineReason && (
                <Text size="sm" c="dimmed">
                  Reason: {offer.declineReason}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
