// PDFs as stored: metadata removed (information dictionary, XMP, application data), and refused when they
// can act (JavaScript however it is reached or spelled, launch actions, embedded files), each proved on a
// hand-built PDF.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ActivePdfContentError, MalformedPdfError, sanitizePdf } from '../../server/src/blobs/pdf.ts';
import { buildPdf, xmpStream } from '../api/support/pdfs.ts';

const latin1 = (bytes: Buffer) => bytes.toString('latin1');

describe('metadata', () => {
  it('removes the information dictionary and the XMP stream, and keeps the page', async () => {
    const original = buildPdf({
      info: '/Author (Jane Doe) /Title (Jane Doe discharge letter) /Creator (Ward printer)',
      catalog: '/Metadata 5 0 R /PieceInfo << /App << /Private (Jane Doe notes) >> >>',
      objects: [xmpStream('Jane Doe')],
    });
    expect(latin1(original)).toContain('Jane Doe');
    const stored = await sanitizePdf(original);
    expect(latin1(stored)).not.toContain('Jane Doe');
    expect(latin1(stored)).not.toMatch(/\/Author|\/Title|\/Creator|\/Producer|xpacket|\/PieceInfo|\/Info/);
    const reread = await PDFDocument.load(stored, { updateMetadata: false });
    expect(reread.getPageCount()).toBe(1);
    expect(reread.getAuthor()).toBeUndefined();
  });

  it('removes what no page reaches, in a compressed object stream or left by an earlier revision', async () => {
    const original = buildPdf({
      info: '/Author (Jane Doe)',
      objects: ['<< /Subject (Jane Doe, an orphan of an earlier revision) >>'],
      compressed: ['<< /Subject (MRN 123456) >>'],
    });
    const stored = await sanitizePdf(original);
    expect(latin1(stored)).not.toContain('Jane Doe');
    expect(latin1(stored)).not.toContain('MRN 123456');
    expect((await PDFDocument.load(stored)).getPageCount()).toBe(1);
  });

  it('keeps an innocent open action (go to the first page)', async () => {
    const stored = await sanitizePdf(buildPdf({ catalog: '/OpenAction [3 0 R /Fit]' }));
    expect((await PDFDocument.load(stored)).getPageCount()).toBe(1);
  });
});

describe('active content', () => {
  const refused = async (parts: Parameters<typeof buildPdf>[0], what: string) => {
    const error = await sanitizePdf(buildPdf(parts)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ActivePdfContentError);
    expect((error as Error).message).toBe(what);
  };

  it('refuses a JavaScript open action', async () => {
    await refused(
      { catalog: '/OpenAction 5 0 R', objects: ['<< /Type /Action /S /JavaScript /JS (app.alert(1)) >>'] },
      'JavaScript',
    );
  });

  it('refuses JavaScript in additional actions (AA) of a page', async () => {
    await refused(
      { catalog: '/AA << /WC 5 0 R >>', objects: ['<< /S /JavaScript /JS (this.print()) >>'] },
      'JavaScript',
    );
  });

  it('refuses document-level JavaScript in the names tree', async () => {
    await refused(
      {
        catalog: '/Names << /JavaScript 5 0 R >>',
        objects: ['<< /Names [(a) << /S /JavaScript /JS (1) >>] >>'],
      },
      'JavaScript',
    );
  });

  it('refuses JavaScript spelled with #xx escapes', async () => {
    await refused(
      { catalog: '/OpenAction 5 0 R', objects: ['<< /S /J#61vaScript /J#53 (app.alert(1)) >>'] },
      'JavaScript',
    );
  });

  it('refuses JavaScript hidden in a compressed object stream', async () => {
    await refused(
      { catalog: '/OpenAction 6 0 R', compressed: ['<< /S /JavaScript /JS (app.alert(1)) >>'] },
      'JavaScript',
    );
  });

  it('refuses a launch action', async () => {
    await refused(
      { catalog: '/OpenAction 5 0 R', objects: ['<< /S /Launch /F (cmd.exe) >>'] },
      'a launch action',
    );
  });

  it('refuses embedded files', async () => {
    await refused(
      {
        catalog: '/Names << /EmbeddedFiles << /Names [(a.exe) 5 0 R] >> >>',
        objects: [
          '<< /Type /Filespec /F (a.exe) /EF << /F 6 0 R >> >>',
          '<< /Type /EmbeddedFile /Length 0 >>\nstream\n\nendstream',
        ],
      },
      'embedded files',
    );
  });

  it('refuses what it cannot read, and an encrypted PDF', async () => {
    await expect(sanitizePdf(Buffer.from('%PDF-1.7\nnothing here\n'))).rejects.toBeInstanceOf(
      MalformedPdfError,
    );
    const encrypted = Buffer.from(
      latin1(buildPdf()).replace('/Info 4 0 R', '/Info 4 0 R /Encrypt << /Filter /Standard /V 1 /R 2 >>'),
      'latin1',
    );
    await expect(sanitizePdf(encrypted)).rejects.toBeInstanceOf(MalformedPdfError);
  });
});
