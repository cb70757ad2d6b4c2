// A case's attachments: the rows that name each stored blob, and the contract objects made from them.
import type { Attachment } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';

interface AttachmentRow {
  id: string;
  case_id: string;
  file_name: string;
  content_type: Attachment['contentType'];
  size: number;
  width: number | null;
  height: number | null;
  blob_key: string;
  thumbnail_key: string | null;
  uploaded_by: string;
  uploaded_by_name: string;
  created_at: string;
  [column: string]: unknown;
}

const ATTACHMENT_SELECT = `select t.id, t.case_id, t.file_name, t.content_type, t.size, t.width, t.height,
  t.blob_key, t.thumbnail_key, t.uploaded_by, u.display_name as uploaded_by_name, t.created_at
  from attachments t join users u on u.id = t.uploaded_by`;

function toAttachment(row: AttachmentRow, mediaUrl: string): Attachment {
  const url = `${mediaUrl}/attachments/${encodeURIComponent(row.id)}`;
  return {
    id: row.id,
    fileName: row.file_name,
    contentType: row.content_type,
    size: row.size,
    width: row.width,
    height: row.height,
    uploadedBy: { id: row.uploaded_by, displayName: row.uploaded_by_name },
    createdAt: row.created_at,
    url,
    thumbnailUrl: row.thumbnail_key === null ? null : `${url}?variant=thumbnail`,
  };
}

export async function insertAttachment(
  tx: Queryable,
  attachment: {
    readonly id: string;
    readonly caseId: string;
    readonly uploadedBy: string;
    readonly fileName: string;
    readonly contentType: Attachment['contentType'];
    readonly size: number;
    readonly width: number | null;
    readonly height: number | null;
    readonly blobKey: string;
    readonly thumbnailKey: string | null;
    readonly at: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into attachments (id, case_id, uploaded_by, file_name, content_type, size, width, height, blob_key,
       thumbnail_key, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      attachment.id,
      attachment.caseId,
      attachment.uploadedBy,
      attachment.fileName,
      attachment.contentType,
      attachment.size,
      attachment.width,
      attachment.height,
      attachment.blobKey,
      attachment.thumbnailKey,
      attachment.at.toISOString(),
    ],
  );
}

export async function readAttachment(
  db: Queryable,
  attachmentId: string,
  mediaUrl: string,
): Promise<Attachment | undefined> {
  const [row] = await db.query<AttachmentRow>(`${ATTACHMENT_SELECT} where t.id = $1`, [attachmentId]);
  return row && toAttachment(row, mediaUrl);
}

/** The case's attachments, oldest first. */
export async function readAttachmentsOf(
  db: Queryable,
  caseId: string,
  mediaUrl: string,
): Promise<Attachment[]> {
  const rows = await db.query<AttachmentRow>(
    `${ATTACHMENT_SELECT} where t.case_id = $1 order by t.created_at, t.id`,
    [caseId],
  );
  return rows.map((row) => toAttachment(row, mediaUrl));
}

/** Where an attachment's bytes are kept, and what they are. */
export interface AttachmentFile {
  readonly id: string;
  readonly caseId: string;
  readonly fileName: string;
  readonly contentType: Attachment['contentType'];
  readonly blobKey: string;
  readonly thumbnailKey: string | null;
}

export async function findAttachmentFile(
  db: Queryable,
  attachmentId: string,
): Promise<AttachmentFile | undefined> {
  const [row] = await db.query<AttachmentRow>(`${ATTACHMENT_SELECT} where t.id = $1`, [attachmentId]);
  return (
    row && {
      id: row.id,
      caseId: row.case_id,
      fileName: row.file_name,
      contentType: row.content_type,
      blobKey: row.blob_key,
      thumbnailKey: row.thumbnail_key,
    }
  );
}
