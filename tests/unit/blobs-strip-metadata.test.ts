// What leaves a photo before anyone else sees it: everything but the picture and the way up.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  exifOrientation,
  MalformedImageError,
  orientationSegment,
  stripJpegMetadata,
} from '../../server/src/blobs/strip-metadata.ts';

const GPS_EXIF = {
  IFD0: { Make: 'PhoneMaker', Model: 'Pocket Camera 9' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '51/1 30/1 0/1',
    GPSLongitudeRef: 'W',
    GPSLongitude: '0/1 7/1 0/1',
  },
};

function photo(options: { progressive?: boolean; orientation?: number } = {}): Promise<Buffer> {
  const image = sharp({
    create: { width: 64, height: 32, channels: 3, background: { r: 200, g: 40, b: 40 } },
  });
  const withExif = options.orientation
    ? image.withMetadata({ orientation: options.orientation }).withExifMerge(GPS_EXIF)
    : image.withExif(GPS_EXIF);
  return withExif.jpeg({ progressive: options.progressive ?? false }).toBuffer();
}

/** The segments' markers in order, up to the first start of scan. */
function headerMarkers(bytes: Buffer): number[] {
  const markers: number[] = [];
  let offset = 2;
  while (offset < bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1] ?? 0;
    markers.push(marker);
    if (marker === 0xda) break;
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return markers;
}

const visible = (bytes: Buffer) => bytes.toString('latin1');

describe('stripping a JPEG', () => {
  it('drops the GPS position and the camera, and the pixels stay the same', async () => {
    const original = await photo();
    expect(visible(original)).toContain('PhoneMaker');
    const stripped = stripJpegMetadata(original);
    expect(visible(stripped)).not.toContain('PhoneMaker');
    expect(visible(stripped)).not.toContain('Exif');
    expect(headerMarkers(stripped)).not.toContain(0xe1);
    const [before, after] = await Promise.all([original, stripped].map((b) => sharp(b).raw().toBuffer()));
    expect(after?.equals(before ?? Buffer.alloc(0))).toBe(true);
    expect((await sharp(stripped).metadata()).exif).toBeUndefined();
  });

  it('keeps the orientation alone, so a phone photo still shows upright', async () => {
    const original = await photo({ orientation: 6 });
    expect((await sharp(original).metadata()).orientation).toBe(6);
    const stripped = stripJpegMetadata(original);
    expect(visible(stripped)).not.toContain('PhoneMaker');
    expect(visible(stripped)).not.toContain('GPS');
    const metadata = await sharp(stripped).metadata();
    expect(metadata.orientation).toBe(6);
    expect(metadata.autoOrient).toMatchObject({ width: 32, height: 64 });
    // The orientation segment is all that is left of the EXIF: 32 bytes of payload.
    expect(metadata.exif?.length).toBe(32);
  });

  it('writes no orientation for an upright photo', async () => {
    const stripped = stripJpegMetadata(await photo({ orientation: 1 }));
    expect(headerMarkers(stripped)).not.toContain(0xe1);
  });

  it('drops whatever follows the end of the image: a motion photo, an extra picture', async () => {
    const original = await photo();
    const trailer = Buffer.concat([
      Buffer.from('ftypmp42 MotionPhoto_Data GPS 51.5,-0.12 '),
      await photo(), // an embedded second JPEG with its own EXIF
    ]);
    const stripped = stripJpegMetadata(Buffer.concat([original, trailer]));
    expect(visible(stripped)).not.toContain('MotionPhoto');
    expect(visible(stripped)).not.toContain('PhoneMaker');
    expect(stripped.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(stripped).toEqual(stripJpegMetadata(original));
  });

  it('walks every scan of a progressive JPEG, dropping a comment between scans', async () => {
    const original = await photo({ progressive: true });
    // A comment segment slipped in before the second scan.
    const firstScan = original.indexOf(Buffer.from([0xff, 0xda]));
    const secondScan = original.indexOf(Buffer.from([0xff, 0xda]), firstScan + 2);
    expect(secondScan).toBeGreaterThan(firstScan);
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x0e]), Buffer.from('Ward 7 bed 3')]);
    const tampered = Buffer.concat([
      original.subarray(0, secondScan),
      comment,
      original.subarray(secondScan),
    ]);
    const stripped = stripJpegMetadata(tampered);
    expect(visible(stripped)).not.toContain('Ward 7');
    const [before, after] = await Promise.all([original, stripped].map((b) => sharp(b).raw().toBuffer()));
    expect(after?.equals(before ?? Buffer.alloc(0))).toBe(true);
  });

  it('refuses a JPEG cut off inside its image data', async () => {
    const original = await photo();
    const cut = original.subarray(0, original.length - 40);
    expect(() => stripJpegMetadata(cut)).toThrow(MalformedImageError);
  });
});

describe('the EXIF orientation', () => {
  it('reads back what it writes, for every orientation', () => {
    for (let orientation = 1; orientation <= 8; orientation += 1) {
      const segment = orientationSegment(orientation);
      expect(exifOrientation(segment.subarray(4))).toBe(orientation);
    }
  });

  it('is undefined for anything that is not a sound EXIF', () => {
    expect(exifOrientation(Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>'))).toBeUndefined();
    expect(exifOrientation(Buffer.from('Exif\0\0MM\0*\0\0\0\x08'))).toBeUndefined();
    expect(exifOrientation(Buffer.from('Exif\0\0MM\0*\xff\xff\xff\xff'))).toBeUndefined();
    const outOfRange = orientationSegment(9);
    expect(exifOrientation(outOfRange.subarray(4))).toBeUndefined();
  });
});
