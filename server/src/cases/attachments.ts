// Attachments of a case: the type read from the bytes, metadata stripped, a thumbnail for images, the blobs
// stored, and served only to users who may see the case.
import sharp from 'sharp';
import type { Attachment } from '../../../generated/types.gen.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import type { Actor } from '../auth/caller.ts';
import { sniffType, type AcceptedType } from '../blobs/file-type.ts';
import { ActivePdfContentError, MalformedPdfError, sanitizePdf } from '../blobs/pdf.ts';
import { MalformedImageError, stripJpegMetadata, stripPngMetadata } from '../blobs/strip-metadata.ts';
import { newId } from '../db/ids.ts';
import { transition } from '../domain/case-state.ts';
import { badRequest, conflict, HttpError, notFound, unsupportedMediaType } from '../errors.ts';
import { authorizeAuditedRead, authorizeCaseAction } from './case-authorization.ts';
import { changeCase } from './case-change.ts';
import {
  findAttachmentFile,
  insertAttachment,
  readAttachmentsOf,
  readAttachment,
} from './attachments-repository.ts';
import type { CasesContext } from './cases-context.ts';

export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
const THUMBNAIL_SIZE = 320;

export const attachmentDetails = {
  unsupported: 'Only JPEG, PNG and PDF files are accepted; these bytes are not one of them',
  unreadable: (type: string) => `The file starts like a ${type} but cannot be read as one`,
  empty: 'The file is empty',
  notFound: 'Attachment not found',
  noThumbnail: 'This attachment has no thumbnail (only images have one)',
  activePdf: (what: string) =>
    `PDFs that can act are not accepted: this one carries ${what}. Print it to a new PDF and upload that`,
  unreadablePdf: (why: string) => `The file starts like a PDF but cannot be accepted: ${why}`,
} as const;

/** The PDF as stored: without metadata; refused (415) when it carries active content or cannot be read. */
async function preparePdf(upload: Buffer): Promise<Buffer> {
  try {
    return await sanitizePdf(upload);
  } catch (error) {
    if (error instanceof ActivePdfContentError) {
      throw unsupportedMediaType(attachmentDetails.activePdf(error.message));
    }
    if (error instanceof MalformedPdfError) {
      throw unsupportedMediaType(attachmentDetails.unreadablePdf(error.message));
    }
    throw error;
  }
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
  if (type === 'application/pdf') {
    return { type, bytes: await preparePdf(upload), thumbnail: null, width: null, height: null };
  }
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
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
  fileName: string,
  /** Reads the body with the cap applied as it arrives; called only once the caller may attach. */
  readUpload: (limit: number) => Promise<Buffer>,
): Promise<Attachment> {
  await assertMayAttach(ctx, actor, caseId);
  const prepared = await prepare(await readUpload(MAX_ATTACHMENT_BYTES));
  const id = newId('att');
  const blobKey = `attachments/${caseId}/${id}`;
  const thumbnailKey = prepared.thumbnail === null ? null : `${blobKey}-thumbnail`;
  await ctx.blobs.put(blobKey, prepared.bytes);
  if (thumbnailKey !== null && prepared.thumbnail !== null)
    await ctx.blobs.put(thumbnailKey, prepared.thumbnail);
  try {
    await changeCase(ctx, actor, caseId, 'attach', async ({ tx, row, journal, now }) => {
      const moved = transition(row.status, 'attach');
      if (!moved.ok) throw conflict(moved.detail);
      await insertAttachment(tx, {
        id,
        caseId,
        uploadedBy: actor.caller.id,
        fileName: fileName.trim(),
        contentType: prepared.type,
        size: prepared.bytes.length,
        width: prepared.width,
        height: prepared.height,
        blobKey,
        thumbnailKey,
        at: now,
      });
      await journal.event('attachment', actor.caller.id, { attachmentId: id, fileName: fileName.trim() });
      journal.watch([row.assigned_to]);
      return { status: row.status, audit: 'attachment.upload' };
    });
  } catch (error) {
    await ctx.blobs.delete(blobKey);
    if (thumbnailKey !== null) await ctx.blobs.delete(thumbnailKey);
    throw error;
  }
  const attachment = await readAttachment(ctx.db, id, ctx.mediaUrl);
  if (!attachment) throw new Error(`Attachment ${id} vanished after it was stored`);
  return attachment;
}

export async function listAttachments(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
): Promise<Attachment[]> {
  await authorizeAuditedRead(ctx, actor, caseId, 'read', 'attachment.list');
  return readAttachmentsOf(ctx.db, caseId, ctx.mediaUrl);
}

export async function downloadAttachment(
  ctx: CasesContext,
  actor: Actor,
  attachmentId: string,
  variant: 'original' | 'thumbnail',
): Promise<{ bytes: Buffer; contentType: AcceptedType; fileName: string }> {
  const file = await findAttachmentFile(ctx.db, attachmentId);
  if (!file) throw notFound(attachmentDetails.notFound);
  try {
    await authorizeCaseAction(ctx.db, actor.caller, file.caseId, 'read', { lock: false });
  } catch (error) {
    // An attachment of a case the caller may not see does not exist, as far as the caller knows.
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(attachmentDetails.notFound);
    throw error;
  }
  const key = variant === 'thumbnail' ? file.thumbnailKey : file.blobKey;
  if (key === null) throw notFound(attachmentDetails.noThumbnail);
  await recordAudit(ctx.db, {
    userId: actor.caller.id,
    action: variant === 'thumbnail' ? 'attachment.thumbnail' : 'attachment.download',
    caseId: file.caseId,
    address: actor.address,
    at: ctx.clock.now(),
  });
  const bytes = await ctx.blobs.get(key);
  if (!bytes) throw new Error(`The blob ${key} of attachment ${file.id} is missing`);
  return { bytes, contentType: file.contentType, fileName: file.fileName };
}
