// PDFs as they are stored: refused when they carry active content (JavaScript, launch and submit actions,
// embedded files, rich media, XFA forms), and rewritten without their metadata (the document information
// dictionary, XMP streams, application data) nor any earlier revision an incremental update left behind.
import {
  EncryptedPDFError,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRef,
  PDFStream,
  type PDFObject,
} from 'pdf-lib';

export class ActivePdfContentError extends Error {}
export class MalformedPdfError extends Error {}

// Keys whose presence means the document can act: run script, open or submit something, carry a file.
const ACTIVE_KEYS = new Map<string, string>([
  ['JS', 'JavaScript'],
  ['JavaScript', 'JavaScript'],
  ['EmbeddedFiles', 'embedded files'],
  ['EF', 'embedded files'],
  ['RichMedia', 'rich media'],
  ['RichMediaContent', 'rich media'],
  ['XFA', 'an XFA form'],
]);

// Action types (/S) that run, open or send something outside the document.
const ACTIVE_ACTIONS = new Map<string, string>([
  ['JavaScript', 'JavaScript'],
  ['Launch', 'a launch action'],
  ['SubmitForm', 'a form submission'],
  ['ImportData', 'a data import'],
  ['GoToE', 'an embedded document'],
  ['RichMediaExecute', 'rich media'],
  ['Rendition', 'a media rendition'],
]);

const ACTIVE_TYPES = new Map<string, string>([
  ['EmbeddedFile', 'embedded files'],
  ['RichMedia', 'rich media'],
]);

// Metadata: who wrote it, with what, when; and a creating application's private data.
const METADATA_KEYS = ['Metadata', 'PieceInfo'];

/** A name as the document means it: #xx escapes decoded, so /J#61vaScript is /JavaScript. */
function nameOf(name: PDFName): string {
  return name.decodeText();
}

/** What active content the object holds, looking into nested dictionaries and arrays; undefined if none. */
function activeContentIn(object: PDFObject | undefined, seen: Set<PDFObject>): string | undefined {
  if (object === undefined || seen.has(object)) return undefined;
  seen.add(object);
  const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined;
  if (dict !== undefined) {
    for (const [key, value] of dict.entries()) {
      const name = nameOf(key);
      const active = ACTIVE_KEYS.get(name);
      if (active !== undefined) return active;
      if (value instanceof PDFName) {
        const found =
          name === 'S'
            ? ACTIVE_ACTIONS.get(nameOf(value))
            : name === 'Type'
              ? ACTIVE_TYPES.get(nameOf(value))
              : undefined;
        if (found !== undefined) return found;
      }
      const inner = activeContentIn(value, seen);
      if (inner !== undefined) return inner;
    }
  }
  if (object instanceof PDFArray) {
    for (const item of object.asArray()) {
      const inner = activeContentIn(item, seen);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

/**
 * The PDF without its metadata; ActivePdfContentError naming what it carries when it can act, and
 * MalformedPdfError when it cannot be read (or is encrypted, so that its content cannot be checked).
 */
export async function sanitizePdf(bytes: Buffer): Promise<Buffer> {
  try {
    return await rewrite(bytes);
  } catch (error) {
    if (error instanceof ActivePdfContentError || error instanceof MalformedPdfError) throw error;
    // pdf-lib failing on a broken structure (a missing catalog, a dangling reference) is about the bytes.
    throw new MalformedPdfError('its structure cannot be read');
  }
}

async function rewrite(bytes: Buffer): Promise<Buffer> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (error) {
    if (error instanceof EncryptedPDFError) {
      throw new MalformedPdfError('it is encrypted, so its content cannot be checked');
    }
    throw new MalformedPdfError('its structure cannot be read');
  }
  const { context } = document;
  // Every object, those of compressed object streams included (the parser unpacks them).
  const objects = context.enumerateIndirectObjects();
  const seen = new Set<PDFObject>();
  for (const [, object] of objects) {
    const active = activeContentIn(object, seen);
    if (active !== undefined) throw new ActivePdfContentError(active);
  }
  // The trailer's too: an /Info or /Root given inline rather than by reference.
  for (const value of [context.trailerInfo.Root, context.trailerInfo.Info]) {
    const active = value instanceof PDFRef ? undefined : activeContentIn(value, seen);
    if (active !== undefined) throw new ActivePdfContentError(active);
  }

  const info = context.trailerInfo.Info;
  if (info instanceof PDFRef) context.delete(info);
  context.trailerInfo.Info = undefined;
  for (const [, object] of objects) {
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : undefined;
    if (dict === undefined) continue;
    for (const key of METADATA_KEYS) {
      const value = dict.get(PDFName.of(key));
      if (value instanceof PDFRef) context.delete(value);
      dict.delete(PDFName.of(key));
    }
    // An XMP stream no dictionary points to any more (or never did).
    const type = dict.get(PDFName.of('Type'));
    if (object instanceof PDFStream && type instanceof PDFName && nameOf(type) === 'Metadata') {
      for (const [ref, candidate] of objects) if (candidate === object) context.delete(ref);
    }
  }
  // Only what the document reaches from its catalog is written: orphans (an earlier revision's objects, data
  // no page shows) go with the metadata.
  const reachable = new Set<PDFRef>();
  const visit = (object: PDFObject | undefined): void => {
    if (object instanceof PDFRef) {
      if (reachable.has(object)) return;
      reachable.add(object);
      visit(context.lookup(object));
    } else if (object instanceof PDFDict) {
      for (const [, value] of object.entries()) visit(value);
    } else if (object instanceof PDFStream) {
      visit(object.dict);
    } else if (object instanceof PDFArray) {
      for (const item of object.asArray()) visit(item);
    }
  };
  visit(context.trailerInfo.Root);
  for (const [ref] of context.enumerateIndirectObjects()) if (!reachable.has(ref)) context.delete(ref);
  return Buffer.from(await document.save({ useObjectStreams: false, updateFieldAppearances: false }));
}
