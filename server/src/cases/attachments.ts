// Attachments of a case: the type read from the bytes, metadata stripped, a thumbnail for images, the blobs
// stored, and served only to users who may see the case.
import sharp from 'sharp';
import type { Attachment } from '../../../generated/types.gen.ts';
import type { Actor } from '../auth/caller.ts';
import { sniffType, type AcceptedType } from '../blobs/file-type.ts';
import type { BlobStore } from '../blobs/store.ts';
import { MalformedImageError, stripJpegMetadata, stripPngMetadata } from '../blobs/strip-metadata.ts';
import { transition } from '../domain/case-state.ts';
import { badRequest, conflict, HttpError, notFound, unsupportedMediaType } from '../errors.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { newId } from '../db/ids.ts';
import { ATTACHMENT_SELECT, toAttachment, type AttachmentRow } from './repository.ts';
import { authorizeCaseAction, changeCase, type CasesContext } from './service.ts';

export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
const THUMBNAIL_SIZE = 320;

export const attachmentDetails = {
  unsupported: 'Only JPEG, PNG and PDF files are accepted; these bytes are not one of them',
  unreadable: (type: string) => `The file starts like a ${type} but cannot be read as one`,
  empty: 'The file is empty',
  notFound: 'Attachment not found',
  noThumbnail: 'This attachment has no thumbnail (only images have one)',
} as const;

export interface AttachmentsContext extends CasesContext {
  readonly blobs: BlobStore;
}

async function assertMayAttach(ctx: CasesContext, actor: Actor, caseId: string): Promise<void> {
  const { row } = await authorizeCaseAction(ctx.db, actor.caller, caseId, 'attach', { lock: false });
  const moved = transition(row.status, 'attach');
  if (!moved.ok) throw conflict(moved.detail);
}

interface Prepared {
  readonly type: AcceptedType;
  readonly bytes: Buffer;
  readonly thumbnail: Buffer | null;
  readonly width: number | null;
  readonly height: number | null;
}

async function prepare(upload: Buffer): Promise<Prepared> {
  if (upload.length === 0) throw badRequest(attachmentDetails.empty);
  const type = sniffType(upload);
  if (type === undefined) throw unsupportedMediaType(attachmentDetails.unsupported);
  if (type === 'application/pdf') return { type, bytes: upload, thumbnail: null, width: null, height: null };
  const label = type === 'image/jpeg' ? 'JPEG' : 'PNG';
  try {
    const bytes = type === 'image/jpeg' ? stripJpegMetadata(upload) : stripPngMetadata(upload);
    const image = sharp(bytes, { failOn: 'error' });
    const metadata = await image.metadata();
    // Output carries no metadata (sharp's default), and is turned upright by the EXIF orientation it had.
    const resized = sharp(upload, { failOn: 'error' }).rotate().resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, {
      fit: 'inside',
      withoutEnlargement: true,
    });
    const thumbnail = await (
      type === 'image/jpeg' ? resized.jpeg({ quality: 80 }) : resized.png()
    ).toBuffer();
    // The size as the picture is seen: a portrait phone photo is stored landscape with its orientation.
    const { width, height } = metadata.autoOrient;
    return { type, bytes, thumbnail, width, height };
  } catch (error) {
    // Every failure here is about the bytes: a broken segment structure, or pixels sharp cannot decode.
    const reason = error instanceof MalformedImageError ? ` (${error.message})` : '';
    throw unsupportedMediaType(`${attachmentDetails.unreadable(label)}${reason}`);
  }
}

export async function uploadAttachment(
  ctx: AttachmentsContext,
  actor: Actor,
  caseId: string,
  fileName: string,
  upload: Buffer,
): Promise<Attachment> {
  await assertMayAttach(ctx, actor, caseId);
  const prepared = await prepare(upload);
  const id = newId('att');
  const blobKey = `attachments/${caseId}/${id}`;
  const thumbnailKey = prepared.thumbnail === null ? null : `${blobKey}-thumbnail`;
  await ctx.blobs.put(blobKey, prepared.bytes);
  if (thumbnailKey !== null && prepared.thumbnail !== null)
    await ctx.blobs.put(thumbnailKey, prepared.thumbnail);
  try {
    await changeCase(ctx, actor, caseId, 'attach', async ({ tx, row, changes, now }) => {
      const moved = transition(row.status, 'attach');
      if (!moved.ok) throw conflict(moved.detail);
      await tx.query(
        `insert into attachments (id, case_id, uploaded_by, file_name, content_type, size, width, height, blob_key,
           thumbnail_key, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          id,
          caseId,
          actor.caller.id,
          fileName.trim(),
          prepared.type,
          prepared.bytes.length,
          prepared.width,
          prepared.height,
          blobKey,
          thumbnailKey,
          now.toISOString(),
        ],
      );
      await changes.event('attachment', actor.caller.id, { attachmentId: id, fileName: fileName.trim() });
      changes.watch([row.assigned_to]);
      return { status: row.status, audit: 'attachment.upload' };
    });
  } catch (error) {
    await ctx.blobs.delete(blobKey);
    if (thumbnailKey !== null) await ctx.blobs.delete(thumbnailKey);
    throw error;
  }
  const [row] = await ctx.db.query<AttachmentRow>(`${ATTACHMENT_SELECT} where t.id = $1`, [id]);
  if (!row) throw new Error(`Attachment ${id} vanished after it was stored`);
  return toAttachment(row, ctx.mediaUrl);
}

async function authorizeRead(ctx: CasesContext, actor: Actor, caseId: string): Promise<void> {
  await authorizeCaseAction(ctx.db, actor.caller, caseId, 'read', { lock: false });
}

export async function listAttachments(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
): Promise<Attachment[]> {
  await authorizeRead(ctx, actor, caseId);
  await recordAudit(ctx.db, {
    userId: actor.caller.id,
    action: 'attachment.list',
    caseId,
    address: actor.address,
    at: ctx.clock.now(),
  });
  const rows = await ctx.db.query<AttachmentRow>(
    `${ATTACHMENT_SELECT} where t.case_id = $1 order by t.created_at, t.id`,
    [caseId],
  );
  return rows.map((row) => toAttachment(row, ctx.mediaUrl));
}

export async function downloadAttachment(
  ctx: AttachmentsContext,
  actor: Actor,
  attachmentId: string,
  variant: 'original' | 'thumbnail',
): Promise<{ bytes: Buffer; contentType: AcceptedType; fileName: string }> {
  const [row] = await ctx.db.query<AttachmentRow>(`${ATTACHMENT_SELECT} where t.id = $1`, [attachmentId]);
  if (!row) throw notFound(attachmentDetails.notFound);
  try {
    await authorizeRead(ctx, actor, row.case_id);
  } catch (error) {
    // An attachment of a case the caller may not see does not exist, as far as the caller knows.
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(attachmentDetails.notFound);
    throw error;
  }
  const key = variant === 'thumbnail' ? row.thumbnail_key : row.blob_key;
  if (key === null) throw notFound(attachmentDetails.noThumbnail);
  await recordAudit(ctx.db, {
    userId: actor.caller.id,
    action: variant === 'thumbnail' ? 'attachment.thumbnail' : 'attachment.download',
    caseId: row.case_id,
    address: actor.address,
    at: ctx.clock.now(),
  });
  const bytes = await ctx.blobs.get(key);
  if (!bytes) throw new Error(`The blob ${key} of attachment ${row.id} is missing`);
  return { bytes, contentType: row.content_type, fileName: row.file_name };
}
