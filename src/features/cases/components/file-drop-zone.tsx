// Images by drag and drop, or by the file picker for keyboards, touch screens and screen readers.
import { Button, FileButton, Paper, Stack, Text } from '@mantine/core';
import { type DragEvent, useState } from 'react';
import { ACCEPTED_FILE_TYPES } from '../api/use-attachment-uploads.ts';

export interface FileDropZoneProps {
  readonly onFiles: (files: File[]) => void;
  readonly disabled?: boolean;
}

export function FileDropZone({ onFiles, disabled }: FileDropZoneProps) {
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };
  return (
    <Paper
      withBorder
      p="md"
      data-testid="file-drop-zone"
      className="case-record-no-print"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => {
        setOver(false);
      }}
      onDrop={onDrop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
      }}
    >
      <Stack align="center" gap="xs">
        <Text size="sm" ta="center">
          Drop images here: JPEG, PNG or PDF, up to 20 MB each.
        </Text>
        <FileButton
          onChange={onFiles}
          accept={ACCEPTED_FILE_TYPES.join(',')}
          multiple
          disabled={disabled}
          inputProps={{ 'aria-label': 'Image files' }}
        >
          {(props) => (
            <Button variant="default" size="xs" {...props} disabled={disabled}>
              Choose images
            </Button>
          )}
        </FileButton>
      </Stack>
    </Paper>
  );
}
