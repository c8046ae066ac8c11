/**
 * A minimal DICOM Part 10 writer (explicit VR little endian) for the demo and test studies: one
 * 8-bit MONOCHROME2 Secondary Capture image per file. Written here rather than with dcmjs
 * (whose current releases want Node 22) or dcmtk's img2dcm (a Debian program a person trying
 * the demo may not have), so `npm run pacs -- load-demo-studies` runs anywhere Node does.
 * dicom-file.test.ts reads the files back with dcmtk's dcmdump, an independent parser.
 */

export interface DicomImage {
  patientId: string;
  patientName: string;
  accessionNumber: string;
  studyInstanceUid: string;
  /** YYYYMMDD */
  studyDate: string;
  studyDescription: string;
  seriesInstanceUid: string;
  seriesNumber: number;
  seriesDescription: string;
  modality: string;
  sopInstanceUid: string;
  instanceNumber: number;
  rows: number;
  columns: number;
  /** rows × columns bytes, row by row. */
  pixels: Uint8Array;
}

const secondaryCapture = '1.2.840.10008.5.1.4.1.1.7';
const explicitLittle = '1.2.840.10008.1.2.1';
/** A UID root for the portal's generated files (2.25: UUID-derived, no registration needed). */
const implementationClassUid = '2.25.163000917267812793042735491232421512017';

type Element = { tag: number; vr: string; value: Uint8Array };

const longVrs = new Set(['OB', 'OW', 'SQ', 'UN', 'UT']);

const text = (value: string, vr: string): Uint8Array => {
  const bytes = new TextEncoder().encode(value);
  if (bytes.length % 2 === 0) return bytes;
  // Even length: UIDs pad with NUL, other strings with a space.
  const padded = new Uint8Array(bytes.length + 1);
  padded.set(bytes);
  padded[bytes.length] = vr === 'UI' ? 0 : 0x20;
  return padded;
};

const us = (value: number) => new Uint8Array(new Uint16Array([value]).buffer);
const ul = (value: number) => new Uint8Array(new Uint32Array([value]).buffer);

function encode(elements: Element[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const { tag, vr, value } of [...elements].sort((a, b) => a.tag - b.tag)) {
    const long = longVrs.has(vr);
    const header = new DataView(new ArrayBuffer(long ? 12 : 8));
    header.setUint16(0, tag >>> 16, true);
    header.setUint16(2, tag & 0xffff, true);
    header.setUint8(4, vr.charCodeAt(0));
    header.setUint8(5, vr.charCodeAt(1));
    if (long) header.setUint32(8, value.length, true);
    else header.setUint16(6, value.length, true);
    parts.push(new Uint8Array(header.buffer), value);
  }
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The file's bytes: preamble, DICM, file meta group, then the data set. */
export function dicomFile(image: DicomImage): Uint8Array {
  if (image.pixels.length !== image.rows * image.columns) {
    throw new Error('pixels must hold rows × columns bytes');
  }
  const s = (tag: number, vr: string, value: string) => ({ tag, vr, value: text(value, vr) });
  const metaBody = encode([
    { tag: 0x00020001, vr: 'OB', value: new Uint8Array([0, 1]) },
    s(0x00020002, 'UI', secondaryCapture),
    s(0x00020003, 'UI', image.sopInstanceUid),
    s(0x00020010, 'UI', explicitLittle),
    s(0x00020012, 'UI', implementationClassUid),
  ]);
  const meta = encode([{ tag: 0x00020000, vr: 'UL', value: ul(metaBody.length) }]);
  const pixels =
    image.pixels.length % 2 === 0 ? image.pixels : new Uint8Array([...image.pixels, 0]);
  const dataset = encode([
    s(0x00080016, 'UI', secondaryCapture),
    s(0x00080018, 'UI', image.sopInstanceUid),
    s(0x00080020, 'DA', image.studyDate),
    s(0x00080050, 'SH', image.accessionNumber),
    s(0x00080060, 'CS', image.modality),
    s(0x00080064, 'CS', 'WSD'),
    s(0x00081030, 'LO', image.studyDescription),
    s(0x0008103e, 'LO', image.seriesDescription),
    s(0x00100010, 'PN', image.patientName),
    s(0x00100020, 'LO', image.patientId),
    s(0x0020000d, 'UI', image.studyInstanceUid),
    s(0x0020000e, 'UI', image.seriesInstanceUid),
    s(0x00200011, 'IS', String(image.seriesNumber)),
    s(0x00200013, 'IS', String(image.instanceNumber)),
    { tag: 0x00280002, vr: 'US', value: us(1) },
    s(0x00280004, 'CS', 'MONOCHROME2'),
    { tag: 0x00280010, vr: 'US', value: us(image.rows) },
    { tag: 0x00280011, vr: 'US', value: us(image.columns) },
    { tag: 0x00280100, vr: 'US', value: us(8) },
    { tag: 0x00280101, vr: 'US', value: us(8) },
    { tag: 0x00280102, vr: 'US', value: us(7) },
    { tag: 0x00280103, vr: 'US', value: us(0) },
    { tag: 0x7fe00010, vr: 'OB', value: pixels },
  ]);
  const out = new Uint8Array(132 + meta.length + metaBody.length + dataset.length);
  out.set(new TextEncoder().encode('DICM'), 128);
  out.set(meta, 132);
  out.set(metaBody, 132 + meta.length);
  out.set(dataset, 132 + meta.length + metaBody.length);
  return out;
}
