/** Small real files and a multipart body builder, for the upload tests (documents, attachments). */
export const samplePdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
);
/** A 1x1 PNG. */
export const samplePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A 1x1 JPEG (arithmetic-coded: enough for the type sniffer, not for every decoder). */
export const sampleJpeg = Buffer.from(
  'FFD8FFE000104A46494600010101004800480000FFDB004300030202020202030202020303030304060404040404080606050609080A0A090809090A0C0F0C0A0B0E0B09090D110D0E0F101011100A0C12131210130F101010FFC9000B080001000101011100FFCC000600101005FFDA0008010100003F00D2CF20FFD9',
  'hex',
);
/** The head of a HEIC file (its ftyp box): what the type sniffer reads. */
export const sampleHeic = Buffer.concat([
  Buffer.from('00000018', 'hex'),
  Buffer.from('ftypheic'),
  Buffer.alloc(4),
  Buffer.from('mif1heic'),
  Buffer.alloc(64),
]);
/** A Windows executable's header. */
export const sampleExe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(256, 0x90)]);

/**
 * A multipart/form-data body: the text fields first, then the file part (the server reads
 * fields sent before the file). `contentType` is what the client claims; the server sniffs.
 */
export function multipart(
  fileName: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
  contentType = 'application/pdf',
) {
  const boundary = '----portal-test-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
