import { FileTypeNotAllowedError, InvalidUploadError } from './documents.errors.ts';
import { allowedFileType, cleanFileName } from './file-type-check.ts';

/**
 * An uploaded file as it may be stored: not empty, a clean display name, and a type sniffed
 * from the bytes that is allowed and agrees with the name's extension (documents while
 * booking, attachments after).
 */
export async function checkedUpload(
  file: { fileName: string; bytes: Uint8Array },
  validContentTypes: readonly string[],
): Promise<{ fileName: string; contentType: string; bytes: Uint8Array }> {
  if (file.bytes.length === 0) throw new InvalidUploadError('The file is empty.');
  const fileName = cleanFileName(file.fileName);
  const contentType = await allowedFileType(file.bytes, fileName, validContentTypes);
  if (!contentType) {
    throw new FileTypeNotAllowedError(
      `Only these file types can be uploaded: ${validContentTypes.join(', ')}.`,
    );
  }
  return { fileName, contentType, bytes: file.bytes };
}
