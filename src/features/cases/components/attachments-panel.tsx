// The case's images: thumbnails fetched with the bearer token, a viewer for the full image, PDFs opened in
// a new tab, and (for the case's doctor, while it is open) more images by drag and drop.
import {
  Anchor,
  Button,
  Center,
  Image,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { Attachment } from '../../../../generated/types.gen.ts';
import { useAttachmentBlob, useObjectUrl } from '../api/use-attachment-url.ts';
import { useAttachmentUploads } from '../api/use-attachment-uploads.ts';
import { FileDropZone } from './file-drop-zone.tsx';
import { UploadList } from './upload-list.tsx';

function Thumbnail({ attachment, onOpen }: { attachment: Attachment; onOpen: () => void }) {
  const isImage = attachment.thumbnailUrl !== null;
  const { blob, isError } = useAttachmentBlob(attachment.id, 'thumbnail', isImage);
  const imageRef = useObjectUrl<HTMLImageElement>(blob);
  return (
    <Button
      variant="default"
      h="auto"
      p={4}
      onClick={onOpen}
      aria-label={`View ${attachment.fileName}`}
      styles={{ label: { flexDirection: 'column', gap: 4, whiteSpace: 'normal' } }}
    >
      {isImage ? (
        <Center w={120} h={120}>
          {blob ? (
            <Image ref={imageRef} alt={attachment.fileName} w={120} h={120} fit="cover" radius="sm" />
          ) : isError ? (
            <Text size="xs">Not available</Text>
          ) : (
            <Loader size="sm" aria-label={`Loading ${attachment.fileName}`} />
          )}
        </Center>
      ) : (
        <Center w={120} h={120}>
          <Text size="sm" fw={700}>
            PDF
          </Text>
        </Center>
      )}
      <Text size="xs" maw={120} truncate="end">
        {attachment.fileName}
      </Text>
    </Button>
  );
}

function Viewer({ attachment, onClose }: { attachment: Attachment; onClose: () => void }) {
  const { blob, isError } = useAttachmentBlob(attachment.id, 'original');
  const imageRef = useObjectUrl<HTMLImageElement>(blob);
  const linkRef = useObjectUrl<HTMLAnchorElement>(blob);
  const isImage = attachment.contentType !== 'application/pdf';
  return (
    <Modal opened onClose={onClose} title={attachment.fileName} size="xl">
      <Stack gap="sm">
        {isError && <Text role="alert">The file could not be loaded.</Text>}
        {!blob && !isError && (
          <Center p="xl">
            <Loader aria-label="Loading the file" />
          </Center>
        )}
        {blob && isImage && <Image ref={imageRef} alt={attachment.fileName} fit="contain" mah="75dvh" />}
        {blob && (
          <Anchor ref={linkRef} target="_blank" rel="noopener" download={attachment.fileName}>
            {isImage ? 'Download the original' : 'Open the PDF'}
          </Anchor>
        )}
      </Stack>
    </Modal>
  );
}

export interface AttachmentsPanelProps {
  readonly caseId: string;
  readonly attachments: readonly Attachment[];
  readonly canUpload: boolean;
}

export function AttachmentsPanel({ caseId, attachments, canUpload }: AttachmentsPanelProps) {
  const [open, setOpen] = useState<Attachment | null>(null);
  const uploads = useAttachmentUploads();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="images-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="images-title">
          Images
        </Title>
        {attachments.length === 0 && <Text c="dimmed">No images.</Text>}
        {attachments.length > 0 && (
          <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="xs">
            {attachments.map((attachment) => (
              <Thumbnail
                key={attachment.id}
                attachment={attachment}
                onOpen={() => {
                  setOpen(attachment);
                }}
              />
            ))}
          </SimpleGrid>
        )}
        {canUpload && (
          <>
            <FileDropZone
              onFiles={(files) => {
                void uploads.upload(caseId, uploads.add(files));
              }}
            />
            <UploadList items={uploads.items} />
          </>
        )}
      </Stack>
      {open && (
        <Viewer
          attachment={open}
          onClose={() => {
            setOpen(null);
          }}
        />
      )}
    </Paper>
  );
}
