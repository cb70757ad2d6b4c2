// Attachments: JPEG, PNG and PDF by their bytes, metadata stripped, thumbnails, served only to those who may
// see the case; a forged type, an empty or oversized body refused. On both blob stores: files in BLOB_DIR,
// and an S3-compatible bucket (BLOB_S3_*, an s3rver the suite starts on 127.0.0.1).
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment, Case } from '../../generated/types.gen.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  ER_STAFF,
  NEURO_2,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  RVG_DOCTOR,
  seedCasesDatabase,
  setOnCall,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';
import { buildPdf } from './support/pdfs.ts';
import { attachmentDetails } from '../../server/src/cases/attachments.ts';
import { startS3Server, type TestS3Server } from './support/s3.ts';

const S3_PORT = 9430;

/** A photo as a phone takes it: GPS position and the camera in its EXIF. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket Camera 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

async function pngWithText(): Promise<Buffer> {
  return sharp({
    create: { width: 32, height: 16, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } },
  })
    .withMetadata()
    .withExif({ IFD0: { Model: 'Scanner 3000' } })
    .png()
    .toBuffer();
}

const PDF = buildPdf({ info: '/Author (Jane Doe) /Title (Discharge letter of Jane Doe)' });

function attachmentSuite(s3: () => TestS3Server | undefined): void {
  forEachDatabase((_name, open) => {
    let app: FastifyInstance;
    let caseId: string;
    beforeAll(async () => {
      const db = await open();
      await seedCasesDatabase(db);
      app = await buildCasesApp({ db, ...(s3() ? { env: s3()?.env } : {}) });
      await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: null });
      caseId = (await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() }))
        .body.id;
    });
    afterAll(async () => {
      await app.close();
    });

    const upload = <T = Attachment>(
      user: string | null,
      bytes: Buffer,
      fileName = 'photo.jpg',
      contentType = 'image/jpeg',
    ) =>
      as(app, user).post<T>(`/cases/${caseId}/attachments?fileName=${encodeURIComponent(fileName)}`, bytes, {
        'content-type': contentType,
      });

    it('stores a JPEG without its GPS and camera EXIF, with a thumbnail, for those who may see the case', async () => {
      const original = await jpegWithGps();
      const before = await sharp(original).metadata();
      expect(before.exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);

      const stored = await upload(DOCTOR, original, 'ct head.jpg');
      expect(stored.status).toBe(201);
      expect(stored.body).toMatchObject({
        fileName: 'ct head.jpg',
        contentType: 'image/jpeg',
        width: 640,
        height: 480,
      });
      expect(stored.body.url).toBe(`https://localhost:8443/api/v1/media/attachments/${stored.body.id}`);
      expect(stored.body.thumbnailUrl).toBe(`${stored.body.url}?variant=thumbnail`);

      const path = `/media/attachments/${stored.body.id}`;
      for (const user of [DOCTOR, ER_STAFF, NEURO_PRIMARY]) {
        const download = await as(app, user).get(path);
        expect(download.status, user).toBe(200);
        expect(download.headers['content-type']).toBe('image/jpeg');
        const after = await sharp(download.raw).metadata();
        expect(after.exif).toBeUndefined();
        expect(download.raw.includes(Buffer.from('Exif\0\0'))).toBe(false);
        expect(download.raw.includes(Buffer.from('PhoneMaker'))).toBe(false);
        expect(after.width).toBe(640);
      }
      const thumbnail = await as(app, NEURO_PRIMARY).get(`${path}?variant=thumbnail`);
      expect(thumbnail.status).toBe(200);
      const small = await sharp(thumbnail.raw).metadata();
      expect(Math.max(small.width, small.height)).toBeLessThanOrEqual(320);
      expect(small.exif).toBeUndefined();

      for (const user of [NEURO_2, RVG_DOCTOR]) {
        const hidden = await as(app, user).get(path);
        expect(hidden.status, user).toBe(404);
        expect(hidden.body).toEqual({ detail: 'Attachment not found' });
      }
      expect((await as(app, null).get(path)).status).toBe(401);
      expect((await as(app, DOCTOR).get(`${path}?variant=poster`)).status).toBe(400);
    });

    it('strips PNG text and EXIF chunks and a PDF’s metadata, whatever Content-Type said', async () => {
      const png = await pngWithText();
      expect(png.includes(Buffer.from('eXIf'))).toBe(true);
      const storedPng = await upload(DOCTOR, png, 'scan.png', 'application/octet-stream');
      expect(storedPng.status).toBe(201);
      expect(storedPng.body.contentType).toBe('image/png');
      const pngBack = await as(app, DOCTOR).get(`/media/attachments/${storedPng.body.id}`);
      expect(pngBack.raw.includes(Buffer.from('eXIf'))).toBe(false);
      expect(pngBack.raw.includes(Buffer.from('Scanner 3000'))).toBe(false);
      expect((await sharp(pngBack.raw).metadata()).width).toBe(32);

      const storedPdf = await upload(DOCTOR, PDF, 'letter.pdf', 'image/png');
      expect(storedPdf.status).toBe(201);
      expect(storedPdf.body).toMatchObject({
        contentType: 'application/pdf',
        thumbnailUrl: null,
        width: null,
      });
      const pdfBack = await as(app, DOCTOR).get(`/media/attachments/${storedPdf.body.id}`);
      expect(pdfBack.headers['content-type']).toBe('application/pdf');
      expect(pdfBack.raw.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(PDF.toString('latin1')).toContain('Jane Doe');
      expect(pdfBack.raw.toString('latin1')).not.toContain('Jane Doe');
      expect(storedPdf.body.size).toBe(pdfBack.raw.length);
      expect(
        (await as(app, DOCTOR).get(`/media/attachments/${storedPdf.body.id}?variant=thumbnail`)).status,
      ).toBe(404);

      const list = await as(app, NEURO_PRIMARY).get<{ items: Attachment[] }>(`/cases/${caseId}/attachments`);
      expect(list.status).toBe(200);
      expect(list.body.items.map((item) => item.fileName)).toEqual(
        expect.arrayContaining(['scan.png', 'letter.pdf']),
      );
      expect((await as(app, NEURO_2).get(`/cases/${caseId}/attachments`)).status).toBe(404);
      const timeline = (await as(app, DOCTOR).get<Case>(`/cases/${caseId}`)).body.timeline;
      expect(timeline.filter((event) => event.kind === 'attachment').length).toBeGreaterThanOrEqual(2);
    });

    it('refuses a PDF that can act with 415 and says what it carries', async () => {
      const scripted = buildPdf({
        catalog: '/OpenAction 5 0 R',
        objects: ['<< /Type /Action /S /JavaScript /JS (app.launchURL("https://example.org")) >>'],
      });
      const refused = await upload<{ detail: string }>(DOCTOR, scripted, 'letter.pdf', 'application/pdf');
      expect(refused.status).toBe(415);
      expect(refused.body).toEqual({ detail: attachmentDetails.activePdf('JavaScript') });
      const launching = buildPdf({
        catalog: '/OpenAction 5 0 R',
        objects: ['<< /S /Launch /F (cmd.exe) >>'],
      });
      const launch = await upload<{ detail: string }>(DOCTOR, launching, 'letter.pdf', 'application/pdf');
      expect(launch.status).toBe(415);
      expect(launch.body.detail).toContain('a launch action');
    });

    it('refuses a renamed executable with 415, a broken image with 415, and an empty body with 400', async () => {
      const executable = Buffer.concat([
        Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
        Buffer.alloc(512, 0x41),
      ]);
      const forged = await upload<{ detail: string }>(DOCTOR, executable, 'xray.jpg', 'image/jpeg');
      expect(forged.status).toBe(415);
      expect(forged.body).toEqual({
        detail: 'Only JPEG, PNG and PDF files are accepted; these bytes are not one of them',
      });
      const elf = await upload(
        DOCTOR,
        Buffer.from('\x7fELF\x02\x01\x01', 'latin1'),
        'scan.pdf',
        'application/pdf',
      );
      expect(elf.status).toBe(415);

      const broken = await upload<{ detail: string }>(
        DOCTOR,
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a]),
        'broken.jpg',
      );
      expect(broken.status).toBe(415);
      expect(broken.body.detail).toMatch(/^The file starts like a JPEG but cannot be read as one/);

      expect((await upload(DOCTOR, Buffer.alloc(0), 'empty.jpg')).status).toBe(400);
      const text = await as(app, DOCTOR).post(`/cases/${caseId}/attachments?fileName=a.txt`, 'hello', {
        'content-type': 'text/plain',
      });
      expect(text.status).toBe(415);
      const [row] = await app.db.query<{ count: number }>(
        "select count(*) as count from attachments where file_name in ('xray.jpg', 'broken.jpg', 'empty.jpg')",
      );
      expect(row?.count).toBe(0);
    });

    it('lets only the case’s doctor upload, and refuses files over 20 MB', async () => {
      const jpeg = await jpegWithGps();
      expect((await upload(ER_STAFF, jpeg)).status).toBe(403);
      expect((await upload(NEURO_PRIMARY, jpeg)).status).toBe(403);
      expect((await upload(RVG_DOCTOR, jpeg)).status).toBe(404);
      expect((await upload(null, jpeg)).status).toBe(401);
      expect(
        (await as(app, DOCTOR).post(`/cases/${caseId}/attachments`, jpeg, { 'content-type': 'image/jpeg' }))
          .status,
      ).toBe(400);
      const huge = Buffer.concat([jpeg, Buffer.alloc(20 * 1024 * 1024)]);
      const tooLarge = await upload<{ detail: string }>(DOCTOR, huge);
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body).toEqual({ detail: 'The body is too large' });
    });

    it('keeps the 1 MB default for raw bytes sent to any other route; anonymous bytes are refused first', async () => {
      const twoMegabytes = Buffer.alloc(2 * 1024 * 1024, 0x41);
      const toCases = await as(app, DOCTOR).post<{ detail: string }>('/cases', twoMegabytes, {
        'idempotency-key': newKey(),
      });
      expect(toCases.status).toBe(413);
      expect(toCases.body).toEqual({ detail: 'The body is too large' });
      // The token is checked from the headers, before the body is read.
      const toSignup = await as(app, null).post<{ detail: string }>('/auth/signup', twoMegabytes);
      expect(toSignup.status).toBe(401);
      expect(toSignup.body).toEqual({ detail: 'Authentication required' });
    });

    it('accepts an image over 1 MB on the upload route', async () => {
      // Noise does not compress: a PNG of it is several megabytes.
      const png = await sharp({
        create: {
          width: 1024,
          height: 1024,
          channels: 3,
          background: { r: 0, g: 0, b: 0 },
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
      expect(png.length).toBeGreaterThan(1024 * 1024);
      const stored = await upload(DOCTOR, png, 'noise.png', 'image/png');
      expect(stored.status).toBe(201);
      expect(stored.body).toMatchObject({ contentType: 'image/png', width: 1024, height: 1024 });
    });

    it('serves attachments and thumbnails sandboxed, so a file opened on its own runs no script', async () => {
      const jpeg = await upload(DOCTOR, await jpegWithGps(), 'sandboxed.jpg');
      const pdf = await upload(DOCTOR, PDF, 'sandboxed.pdf', 'application/pdf');
      for (const path of [
        `/media/attachments/${jpeg.body.id}`,
        `/media/attachments/${jpeg.body.id}?variant=thumbnail`,
        `/media/attachments/${pdf.body.id}`,
      ]) {
        const download = await as(app, DOCTOR).get(path);
        expect(download.status, path).toBe(200);
        const policy = String(download.headers['content-security-policy']);
        expect(
          policy.split(';').map((directive) => directive.trim()),
          path,
        ).toContain('sandbox');
        // The app's own policy still holds beside it.
        expect(policy, path).toContain("frame-ancestors 'none'");
        expect(download.headers['x-content-type-options'], path).toBe('nosniff');
      }
    });

    it('keeps the bytes where the configuration says: in the bucket with BLOB_S3_*, else in BLOB_DIR', async () => {
      const stored = await upload(DOCTOR, PDF, 'where.pdf', 'application/pdf');
      expect(stored.status).toBe(201);
      const bucket = s3();
      if (bucket === undefined) {
        expect(app.config.operations.s3).toBeUndefined();
      } else {
        expect(
          (await bucket.keys()).filter((key) => key.startsWith(`attachments/${caseId}/`)).length,
        ).toBeGreaterThan(0);
      }
    });
  });
}

describe('in BLOB_DIR', () => {
  attachmentSuite(() => undefined);
});

describe('in an S3-compatible bucket', () => {
  let s3: TestS3Server | undefined;
  beforeAll(async () => {
    s3 = await startS3Server(S3_PORT);
  });
  afterAll(async () => {
    await s3?.close();
  });
  attachmentSuite(() => s3);
});
