// Removes image metadata (EXIF with its GPS position and camera, XMP, IPTC, comments, text chunks) without
// decoding the image: the pixels stay byte for byte as the doctor took them.

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

export function stripJpegMetadata(bytes: Buffer): Buffer {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new MalformedImageError('not a JPEG');
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let offset = 2;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) throw new MalformedImageError(`no JPEG marker at byte ${offset}`);
    let markerAt = offset + 1;
    while (bytes[markerAt] === 0xff) markerAt += 1; // fill bytes
    const marker = bytes[markerAt];
    if (marker === undefined) throw new MalformedImageError('the JPEG ends inside a marker');
    if (marker === 0xd9) {
      parts.push(bytes.subarray(offset, markerAt + 1));
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
    if (marker === 0xda) {
      // Start of scan: the compressed image follows; metadata segments never do in practice, so it is kept whole.
      parts.push(bytes.subarray(offset));
      return Buffer.concat(parts);
    }
    if (keepJpegSegment(marker, bytes.subarray(markerAt + 3, end))) parts.push(bytes.subarray(offset, end));
    offset = end;
  }
  throw new MalformedImageError('the JPEG has no image data');
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
