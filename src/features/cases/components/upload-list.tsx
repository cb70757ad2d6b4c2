// The files on their way to the case. fetch reports no upload progress, so each file shows its state and
// the bar counts the files finished.
import { Badge, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import type { UploadItem, UploadState } from '../api/use-attachment-uploads.ts';

const stateLabels: Readonly<Record<UploadState, string>> = {
  queued: 'Queued',
  uploading: 'Uploading…',
  done: 'Uploaded',
  failed: 'Failed',
};

function size(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

export interface UploadListProps {
  readonly items: readonly UploadItem[];
  /** Given, queued and failed files can be taken off the list. */
  readonly onRemove?: (key: string) => void;
}

export function UploadList({ items, onRemove }: UploadListProps) {
  if (items.length === 0) return null;
  const finished = items.filter((item) => item.state === 'done' || item.state === 'failed').length;
  const sending = items.some((item) => item.state === 'uploading');
  return (
    <Stack gap="xs">
      {sending && (
        <Progress
          value={(finished / items.length) * 100}
          animated
          aria-label={`${finished} of ${items.length} files sent`}
        />
      )}
      <Stack component="ul" gap={4} p={0} m={0} aria-label="Images" style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Group component="li" key={item.key} gap="xs" wrap="nowrap" justify="space-between">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" truncate="end">
                {item.file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {size(item.file.size)}
                {item.error ? ` · ${item.error}` : ''}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Badge variant={item.state === 'done' ? 'light' : 'outline'} color="gray">
                {stateLabels[item.state]}
              </Badge>
              {onRemove && item.state !== 'uploading' && item.state !== 'done' && (
                <CloseButton
                  size="sm"
                  aria-label={`Remove ${item.file.name}`}
                  onClick={() => {
                    onRemove(item.key);
                  }}
                />
              )}
            </Group>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
