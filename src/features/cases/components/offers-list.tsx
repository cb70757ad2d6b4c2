// The closed loop, like read receipts: who the case was offered to and when, and whether the offer was
// delivered to their app, seen, accepted or declined; and each attempt to reach them outside the app
// ("Push delivered 02:14:03 · SMS sent 02:15:03 · E-mail sent 02:20:00").
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ChannelAttempt, Offer } from '../../../../generated/types.gen.ts';
import { stepLabels } from '../labels.ts';
import { formatClockTime, formatDateTime } from '../../../lib/date-time.ts';

const CHANNEL_WORDS: Readonly<Record<ChannelAttempt['channel'], string>> = {
  push: 'Push',
  sms: 'SMS',
  email: 'E-mail',
};

function attemptText(attempt: ChannelAttempt, timeZone: string): string {
  const outcome =
    attempt.outcome === 'failed'
      ? attempt.final === true
        ? 'failed, given up'
        : 'failed, retrying'
      : attempt.outcome;
  return `${CHANNEL_WORDS[attempt.channel]} ${outcome} ${formatClockTime(attempt.at, timeZone)}`;
}

/** Every attempt in every channel, oldest first, on one wrapping line. */
function Attempts({ attempts, timeZone }: { attempts: readonly ChannelAttempt[]; timeZone: string }) {
  if (attempts.length === 0) return null;
  return (
    <Text size="sm" data-testid="offer-attempts">
      {attempts.map((attempt, index) => (
        <Text
          span
          key={`${attempt.channel}-${attempt.at}-${index}`}
          c={attempt.outcome === 'failed' ? 'red.9' : undefined}
          style={{ whiteSpace: 'nowrap' }}
        >
          {index > 0 ? ' · ' : ''}
          {attemptText(attempt, timeZone)}
        </Text>
      ))}
    </Text>
  );
}

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
              <Attempts attempts={offer.attempts} timeZone={timeZone} />
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
