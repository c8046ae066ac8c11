import { fileTypeFromBuffer } from 'file-type';

/** The MIME type a file name's extension claims. */
const extensionTypes: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
  heif: 'image/heif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** A display name safe to store: no path, no control characters, at most 255 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned || 'referral').slice(-255);
}

/**
 * The type sniffed from the bytes (never the client's content type), if it
 * is allowed AND the file name's extension claims the same type; else null.
 */
export async function allowedFileType(
  bytes: Uint8Array,
  fileName: string,
  allowed: readonly string[],
): Promise<string | null> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !allowed.includes(sniffed.mime)) return null;
  const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  return extensionTypes[extension] === sniffed.mime ? sniffed.mime : null;
}
