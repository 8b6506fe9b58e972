import { crc32, deflateRawSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { renderTextPng } from './bitmap-text-png';

// Documents of every ingest format, generated in the test run (no binary fixtures in git).

export async function buildPdf(pages: readonly (readonly string[])[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 12, font }));
  }
  return Buffer.from(await pdf.save());
}

/** A PDF without a text layer: one page holding a picture of text, as a scanner makes it. */
export async function buildScannedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const png = await pdf.embedPng(renderTextPng(['MUELLABFUHR AM DIENSTAG', 'BIOTONNE AM FREITAG'], 4));
  const page = pdf.addPage([595, 842]);
  // 72/200: rendered at 200 dpi (as the OCR path does) one image pixel is one pixel again.
  const k = 72 / 200;
  page.drawImage(png, { x: 30, y: 842 - 30 - png.height * k, width: png.width * k, height: png.height * k });
  return Buffer.from(await pdf.save());
}

/** A PDF whose trailer names an encryption dictionary with a user password nobody knows. */
export function buildEncryptedPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    '<< /Length 12 >>\nstream\n(x8Qk3L9pZ2)\nendstream',
    `<< /Filter /Standard /V 1 /R 2 /O <${'7a'.repeat(32)}> /U <${'3c'.repeat(32)}> /P -44 >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 5 0 R /ID [<${'ab'.repeat(16)}> <${'ab'.repeat(16)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export function buildCorruptPdf(): Buffer {
  const junk = Buffer.alloc(4096);
  for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919 + 13) % 251;
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), junk]);
}

export interface ZipInput {
  readonly name: string;
  readonly data: Buffer;
  readonly deflate?: boolean;
  /** Write this uncompressed size into the headers instead of the true one (a lying bomb). */
  readonly declaredSize?: number;
}

/** A minimal ZIP writer (stored or deflated entries), enough for DOCX fixtures and bombs. */
export function buildZip(entries: readonly ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const payload = e.deflate ? deflateRawSync(e.data) : e.data;
    const crc = crc32(e.data);
    const size = e.declaredSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(payload.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, payload);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(payload.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + payload.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A Word document; paragraphs starting with "# " become Heading 1. */
export function buildDocx(paragraphs: readonly string[]): Buffer {
  const body = paragraphs
    .map((p) =>
      p.startsWith('# ')
        ? `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${escapeXml(p.slice(2))}</w:t></w:r></w:p>`
        : `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`,
    )
    .join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
  const styles =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style></w:styles>';
  const docRels =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>';
  return buildZip([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES), deflate: true },
    { name: '_rels/.rels', data: Buffer.from(RELS), deflate: true },
    { name: 'word/document.xml', data: Buffer.from(document), deflate: true },
    { name: 'word/styles.xml', data: Buffer.from(styles), deflate: true },
    { name: 'word/_rels/document.xml.rels', data: Buffer.from(docRels), deflate: true },
  ]);
}

/** A "DOCX" whose document.xml unpacks to `mb` megabytes of zeros; optionally lying about it. */
export function buildZipBombDocx(mb: number, lie = false): Buffer {
  const zeros = Buffer.alloc(mb * 1024 * 1024);
  return buildZip([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES), deflate: true },
    { name: 'word/document.xml', data: zeros, deflate: true, ...(lie ? { declaredSize: 1000 } : {}) },
  ]);
}

export function buildEml(): Buffer {
  return Buffer.from(
    [
      'From: Hausverwaltung Becker <verwaltung@example.org>',
      'To: Familie Schulz <familie@example.org>',
      'Subject: Ablesung der Heizkostenverteiler',
      'Date: Tue, 10 Nov 2026 09:30:00 +0100',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="XYZ"',
      '',
      '--XYZ',
      'Content-Type: text/plain; charset=iso-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Guten Tag,',
      '',
      'die Ablesung der Heizkostenverteiler findet am 24. November zwischen 8 und 12 Uhr statt. Bitte sorgen Sie f=FCr Zugang zu allen R=E4umen.',
      '',
      '--XYZ',
      'Content-Type: text/plain; charset=utf-8; name="hinweis.txt"',
      'Content-Disposition: attachment; filename="hinweis.txt"',
      '',
      'Ersatztermin: 1. Dezember, Schornsteinfeger kommt ebenfalls.',
      '--XYZ--',
      '',
    ].join('\r\n'),
    'latin1',
  );
}

export function buildIcs(): Buffer {
  return Buffer.from(
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//JARVIS tests//DE',
      'BEGIN:VEVENT',
      'UID:1@test',
      'DTSTAMP:20261101T080000Z',
      'DTSTART:20261205T170000Z',
      'DTEND:20261205T190000Z',
      'SUMMARY:Elternabend Grundschule',
      'LOCATION:Aula der Lindenschule',
      'DESCRIPTION:Thema Klassenfahrt nach Sylt',
      'END:VEVENT',
      'BEGIN:VTODO',
      'UID:2@test',
      'DTSTAMP:20261101T080000Z',
      'SUMMARY:Kfz-Versicherung kündigen',
      'END:VTODO',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
  );
}

export function buildOcrPng(): Buffer {
  return renderTextPng(['WASSERZAEHLER STAND 4711', 'ABLESUNG AM 3. MAERZ'], 5);
}

/** One document per format, each holding a word no other fixture has. */
export async function everyFormat(): Promise<{ name: string; data: Buffer; query: string; location: RegExp }[]> {
  return [
    {
      name: 'notiz.txt',
      data: Buffer.from('Einkauf für das Wochenende.\n\nDer Ersatzschlüssel liegt beim Nachbarn Krüger im Briefkasten.\n'),
      query: 'Ersatzschlüssel',
      location: /Zeile/,
    },
    {
      name: 'handbuch.md',
      data: Buffer.from('# Waschmaschine\n\nAllgemeines zur Maschine.\n\n## Entkalken\n\nAlle drei Monate mit Zitronensäure entkalken.\n'),
      query: 'Zitronensäure',
      location: /Abschnitt „Waschmaschine › Entkalken“/,
    },
    {
      name: 'zaehler.csv',
      data: Buffer.from('Datum;Zähler;Stand\n2026-01-01;Strom;10234\n2026-02-01;Gasuhr;5521\n'),
      query: 'Gasuhr',
      location: /Tabellenzeile/,
    },
    {
      name: 'router.json',
      data: Buffer.from(JSON.stringify({ wlan: { ssid: 'Haus-Schulz', gastnetz: 'Kolibri-Gast' }, ports: [80, 443] })),
      query: 'Kolibri',
      location: /wlan/,
    },
    {
      name: 'wartung.yaml',
      data: Buffer.from('heizung:\n  firma: Thermotechnik Brandt\n  intervall: jährlich\n'),
      query: 'Thermotechnik',
      location: /heizung/,
    },
    {
      name: 'inventar.xml',
      data: Buffer.from('<?xml version="1.0"?><inventar><geraet typ="Kühlschrank"><marke>Polarstern</marke></geraet></inventar>'),
      query: 'Polarstern',
      location: /inventar/,
    },
    { name: 'schule.ics', data: buildIcs(), query: 'Elternabend', location: /VEVENT/ },
    {
      name: 'rezept.html',
      data: Buffer.from(
        '<html><head><style>body{}</style></head><body><h1>Omas Rezepte</h1><h2>Pflaumenkuchen</h2><p>Mit <b>Hefeteig</b> und Streuseln backen.</p></body></html>',
      ),
      query: 'Pflaumenkuchen Hefeteig',
      location: /Pflaumenkuchen/,
    },
    { name: 'heizung.eml', data: buildEml(), query: 'Heizkostenverteiler Zugang', location: /Nachricht|Kopfzeilen/ },
    {
      name: 'mietvertrag.docx',
      data: buildDocx([
        '# Mietvertrag',
        'Vermieter ist Herr Albrecht.',
        '# Kündigung',
        'Die Kündigungsfrist beträgt drei Monate zum Quartalsende.',
      ]),
      query: 'Kündigungsfrist',
      location: /Kündigung/,
    },
    {
      name: 'versicherung.pdf',
      data: await buildPdf([['Hausratversicherung Police 12-345'], ['Seite zwei: Fahrraddiebstahl ist bis 1500 Euro mitversichert.']]),
      query: 'Fahrraddiebstahl',
      location: /Seite 2/,
    },
    { name: 'zettel.png', data: buildOcrPng(), query: 'Wasserzaehler', location: /Zeile/ },
    { name: 'scan.pdf', data: await buildScannedPdf(), query: 'Muellabfuhr Biotonne', location: /Seite 1/ },
  ];
}
