// Removes image metadata (EXIF with its GPS position and camera, XMP, IPTC, comments, text chunks) without
// decoding the image: the pixels stay byte for byte as the doctor took them. A JPEG keeps its orientation.

export class MalformedImageError extends Error {}

// JPEG APPn segments we keep: JFIF/JFXX (APP0), the ICC colour profile (APP2), Adobe's colour transform (APP14).
function keepJpegSegment(marker: number, payload: Buffer): boolean {
  const id = payload.subarray(0, 12).toString('latin1');
  if (marker === 0xe0) return id.startsWith('JFIF\0') || id.startsWith('JFXX\0');
  if (marker === 0xe2) return id.startsWith('ICC_PROFILE\0');
  if (marker === 0xee) return id.startsWith('Adobe');
  if (marker >= 0xe1 && marker <= 0xef) return false;
  return marker !== 0xfe; // COM: free-text comments
}

const EXIF_ID = 'Exif\0\0';
const ORIENTATION_TAG = 0x0112;

/** The EXIF orientation (1-8) in an APP1 payload, or undefined: every offset is checked, nothing trusted. */
export function exifOrientation(payload: Buffer): number | undefined {
  if (payload.subarray(0, 6).toString('latin1') !== EXIF_ID) return undefined;
  const tiff = payload.subarray(6);
  if (tiff.length < 8) return undefined;
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return undefined;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const count = u16(ifd);
  for (let index = 0; index < count; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > tiff.length) return undefined;
    // SHORT (3), one value, stored in the entry itself.
    if (u16(entry) === ORIENTATION_TAG && u16(entry + 2) === 3 && u32(entry + 4) === 1) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}

/** An APP1 segment whose EXIF holds the orientation alone: how to turn the pixels upright, nothing about who or where. */
export function orientationSegment(orientation: number): Buffer {
  const payload = Buffer.alloc(6 + 8 + 2 + 12 + 4);
  payload.write(EXIF_ID, 0, 'latin1');
  payload.write('MM', 6, 'latin1'); // big-endian TIFF
  payload.writeUInt16BE(42, 8);
  payload.writeUInt32BE(8, 10); // IFD0 right after the header
  payload.writeUInt16BE(1, 14); // one entry
  payload.writeUInt16BE(ORIENTATION_TAG, 16);
  payload.writeUInt16BE(3, 18); // SHORT
  payload.writeUInt32BE(1, 20); // one value
  payload.writeUInt16BE(orientation, 24); // then two bytes of padding, and no next IFD (already zero)
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** Where the entropy-coded data after a start-of-scan header ends: at the next marker that is not a restart. */
function endOfScanData(bytes: Buffer, from: number): number {
  for (let at = from; at + 1 < bytes.length; at += 1) {
    if (bytes[at] !== 0xff) continue;
    const next = bytes[at + 1] ?? 0;
    // FF00 is a stuffed data byte, FFD0-FFD7 restart markers inside the scan, FFFF fill before a marker.
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) continue;
    return at;
  }
  throw new MalformedImageError('the JPEG ends inside its image data');
}

/**
 * Keeps the segments that make the picture and drops the rest: EXIF (position, camera, time), XMP, IPTC,
 * comments, and whatever follows the end-of-image marker (a phone's motion-photo video, extra images, each
 * with its own metadata). The EXIF orientation is kept alone, so the original shows upright as it was taken.
 * Every scan of a progressive JPEG is walked, so a metadata segment between scans goes too.
 */
export function stripJpegMetadata(bytes: Buffer): Buffer {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new MalformedImageError('not a JPEG');
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let orientationKept = false;
  let offset = 2;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) throw new MalformedImageError(`no JPEG marker at byte ${offset}`);
    let markerAt = offset + 1;
    while (bytes[markerAt] === 0xff) markerAt += 1; // fill bytes
    const marker = bytes[markerAt];
    if (marker === undefined) throw new MalformedImageError('the JPEG ends inside a marker');
    if (marker === 0xd9) {
      // End of image: anything after it is not part of this picture.
      parts.push(Buffer.from([0xff, 0xd9]));
      return Buffer.concat(parts);
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      parts.push(bytes.subarray(offset, markerAt + 1));
      offset = markerAt + 1;
      continue;
    }
    if (markerAt + 2 >= bytes.length) throw new MalformedImageError('the JPEG ends inside a segment header');
    const length = bytes.readUInt16BE(markerAt + 1);
    const end = markerAt + 1 + length;
    if (length < 2 || end > bytes.length) throw new MalformedImageError('a JPEG segment runs past the end');
    const payload = bytes.subarray(markerAt + 3, end);
    if (marker === 0xda) {
      // Start of scan: its header, then the compressed data up to the next marker.
      const dataEnd = endOfScanData(bytes, end);
      parts.push(bytes.subarray(offset, dataEnd));
      offset = dataEnd;
      continue;
    }
    if (keepJpegSegment(marker, payload)) {
      parts.push(bytes.subarray(offset, end));
    } else if (marker === 0xe1 && !orientationKept) {
      const orientation = exifOrientation(payload);
      if (orientation !== undefined && orientation !== 1) {
        parts.push(orientationSegment(orientation));
        orientationKept = true;
      }
    }
    offset = end;
  }
  throw new MalformedImageError('the JPEG has no end-of-image marker');
}

const PNG_DROPPED = new Set(['eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME']);

export function stripPngMetadata(bytes: Buffer): Buffer {
  const parts: Buffer[] = [bytes.subarray(0, 8)];
  let offset = 8;
  while (offset < bytes.length) {
    if (offset + 12 > bytes.length) throw new MalformedImageError('a PNG chunk runs past the end');
    const length = bytes.readUInt32BE(offset);
    const type = bytes.subarray(offset + 4, offset + 8).toString('latin1');
    const end = offset + 12 + length;
    if (end > bytes.length) throw new MalformedImageError(`the PNG chunk ${type} runs past the end`);
    if (!PNG_DROPPED.has(type)) parts.push(bytes.subarray(offset, end));
    offset = end;
    if (type === 'IEND') return Buffer.concat(parts);
  }
  throw new MalformedImageError('the PNG has no IEND chunk');
}
