// The notifications panel that slides in from the right. The shell frame hands it the unread entries (the
// ones the bell counts); the protected layout adds, through context, the read ones, the hospital's time zone
// and the actions that mark entries read, so the frame itself stays unaware of the feed.
import { Anchor, Badge, Button, Drawer, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useContext } from 'react';
import { Link } from 'react-router';
import { SLIDE_ANIMATION_MS } from '../../config/constants.ts';
import { texts } from '../../config/texts.ts';
import { BellIcon } from '../../components/icons.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import {
  type NotificationEntry,
  type NotificationsSheetFeed,
  NotificationsSheetContext,
} from './notifications-sheet-feed.ts';
// The offer badge's own stylesheet: this sheet is a chunk of its own, loaded when opened.
import '@mantine/core/styles/Badge.css';

export interface NotificationsSheetProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly entries: readonly NotificationEntry[];
}

interface NotificationItemProps {
  readonly entry: NotificationEntry;
  readonly feed: NotificationsSheetFeed;
  readonly onClose: () => void;
}

function NotificationItem({ entry, feed, onClose }: NotificationItemProps) {
  const unread = entry.read === false;
  const { onMarkRead } = feed;
  const headline = (
    <>
      {entry.author !== null && (
        <>
          <Text span fw={600}>
            {entry.author}
          </Text>{' '}
        </>
      )}
      {entry.action}
    </>
  );
  // An offer asks for an answer: it reads as one, in words and with a thick left edge, not as one more update.
  const offer = entry.offer === true;
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      data-unread={unread || undefined}
      data-offer={offer || undefined}
      bg={unread ? 'var(--mantine-primary-color-light)' : undefined}
      style={offer ? { borderLeft: '6px solid var(--mantine-color-urgent-9)' } : undefined}
    >
      {offer && (
        <Badge color="urgent.9" variant="filled" size="sm" mb={4}>
          Offer: your answer is needed
        </Badge>
      )}
      <Text size="sm">
        {entry.href === undefined ? (
          headline
        ) : (
          <Anchor
            component={Link}
            to={entry.href}
            c="inherit"
            onClick={() => {
              if (unread) onMarkRead?.(entry);
              onClose();
            }}
          >
            {headline}
          </Anchor>
        )}
      </Text>
      {/* Darker than "dimmed": unread entries sit on the primary light shade, where dimmed fails contrast. */}
      <Text component="time" dateTime={entry.timestamp} size="xs" c="gray.7">
        {formatDateTime(entry.timestamp, feed.timeZone)}
      </Text>
      {entry.message !== null && (
        <Text size="sm" mt={4}>
          {entry.message}
        </Text>
      )}
      {unread && onMarkRead && (
        <Button
          variant="subtle"
          size="compact-xs"
          mt={4}
          onClick={() => {
            onMarkRead(entry);
          }}
        >
          Mark read
        </Button>
      )}
    </Paper>
  );
}

function NotificationList({
  entries,
  feed,
  onClose,
  label,
}: {
  readonly entries: readonly NotificationEntry[];
  readonly feed: NotificationsSheetFeed;
  readonly onClose: () => void;
  readonly label: string;
}) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {entries.map((entry) => (
        <NotificationItem key={entry.id} entry={entry} feed={feed} onClose={onClose} />
      ))}
    </Stack>
  );
}

export function NotificationsSheet({ opened, onClose, entries }: NotificationsSheetProps) {
  const feed = useContext(NotificationsSheetContext);
  const { earlier, onMarkAllRead } = feed;
  const empty = entries.length === 0 && earlier.length === 0;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={texts.notifications}
      transitionProps={{ transition: 'slide-left', duration: SLIDE_ANIMATION_MS }}
      closeButtonProps={{ 'aria-label': 'Close notifications' }}
    >
      {empty ? (
        <EmptyState
          icon={<BellIcon size={28} />}
          withIndicatorBackground
          title="No notifications yet"
          description="Updates about your cases will appear here."
        />
      ) : (
        <Stack gap="md">
          {entries.length > 0 && (
            <Stack gap="xs">
              {onMarkAllRead && (
                <Group justify="flex-end">
                  <Button variant="light" size="xs" onClick={onMarkAllRead}>
                    Mark all read
                  </Button>
                </Group>
              )}
              <NotificationList entries={entries} feed={feed} onClose={onClose} label="Unread" />
            </Stack>
          )}
          {earlier.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="sm" c="dimmed">
                Earlier
              </Title>
              <NotificationList entries={earlier} feed={feed} onClose={onClose} label="Earlier" />
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
