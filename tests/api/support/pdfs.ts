// Hand-built PDFs for the attachment tests: one page, with whatever the test adds to the catalog, more
// objects, a document information dictionary, and objects packed in a compressed object stream.
import { deflateSync } from 'node:zlib';

export interface PdfParts {
  /** Entries added to the catalog (object 1), e.g. '/OpenAction 5 0 R'. */
  readonly catalog?: string;
  /** The information dictionary's entries, e.g. '/Author (Jane Doe)'; stored as object 4. */
  readonly info?: string;
  /** More objects, numbered from 5 in order: their dictionaries or whole bodies. */
  readonly objects?: readonly string[];
  /** Objects packed in one FlateDecode object stream, numbered after `objects`. */
  readonly compressed?: readonly string[];
}

export function buildPdf(parts: PdfParts = {}): Buffer {
  const bodies: string[] = [
    `<< /Type /Catalog /Pages 2 0 R ${parts.catalog ?? ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    `<< ${parts.info ?? '/Producer (Hand built)'} >>`,
    ...(parts.objects ?? []),
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = chunks[0]?.length ?? 0;
  const add = (text: string | Buffer) => {
    const chunk = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
    chunks.push(chunk);
    length += chunk.length;
  };
  bodies.forEach((body, index) => {
    offsets.push(length);
    add(`${index + 1} 0 obj\n${body}\nendobj\n`);
  });
  const packed = parts.compressed ?? [];
  if (packed.length > 0) {
    const first = bodies.length + 2;
    let header = '';
    let data = '';
    packed.forEach((body, index) => {
      header += `${first + index} ${data.length} `;
      data += `${body}\n`;
    });
    const stream = deflateSync(Buffer.from(header + data, 'latin1'));
    offsets.push(length);
    add(
      `${bodies.length + 1} 0 obj\n<< /Type /ObjStm /N ${packed.length} /First ${header.length} /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`,
    );
    add(stream);
    add('\nendstream\nendobj\n');
  }
  const xrefAt = length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  add(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${entries}`);
  add(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  return Buffer.concat(chunks);
}

/** An XMP packet as a metadata stream's body. */
export function xmpStream(creator: string): string {
  const packet =
    `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">` +
    `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description ` +
    `xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${creator}</dc:creator></rdf:Description>` +
    `</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  return `<< /Type /Metadata /Subtype /XML /Length ${packet.length} >>\nstream\n${packet}\nendstream`;
}
