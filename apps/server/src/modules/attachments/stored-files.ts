import type { StorageAdapter } from '../../adapters/storage.ts';
import { NotFoundError } from '../../domain-error.ts';
import { contentDisposition } from '../../plugins/file-response.ts';

/** A file read back: its bytes, or a signed link the browser fetches it from (S3). */
export type StoredFileRead =
  | { kind: 'bytes'; fileName: string; contentType: string; bytes: Buffer }
  | { kind: 'link'; url: string };

/** How long a download link works: long enough to start it, short enough not to be shared. */
const linkSeconds = 60;

/** The attachments' bytes in the storage (local directory or S3). */
export function createStoredFiles(storage: StorageAdapter) {
  type FileOf = { fileName: string; contentType: string; storageKey: string };

  /**
   * The bytes through the portal on every store: an image shown on the portal's pages stays
   * within its CSP's img-src 'self', and bytes that are re-encoded must be read here.
   */
  async function bytesOf(file: FileOf): Promise<StoredFileRead & { kind: 'bytes' }> {
    try {
      const bytes = await storage.get(file.storageKey);
      return { kind: 'bytes', fileName: file.fileName, contentType: file.contentType, bytes };
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') {
        throw new NotFoundError('The file of this attachment is gone.');
      }
      throw error;
    }
  }

  return {
    /**
     * Stores the bytes, then runs `work` with their key; if `work` fails the bytes are deleted
     * again, so a refused or failed change leaves nothing stored.
     */
    async storeThen<T>(bytes: Uint8Array, work: (storageKey: string) => Promise<T>): Promise<T> {
      const storageKey = await storage.put(bytes);
      try {
        return await work(storageKey);
      } catch (error) {
        await storage.delete(storageKey).catch(() => undefined);
        throw error;
      }
    },

    /** Deletes bytes no row names any more (after the change that dropped them committed). */
    async discard(storageKey: string): Promise<void> {
      // A failure leaves an orphan file, never a row without its file.
      await storage.delete(storageKey).catch(() => undefined);
    },

    /**
     * The bytes, or a short-lived link to them where the store gives one (S3). `inline` asks
     * the link to show the file in the browser rather than download it.
     */
    async read(file: FileOf, inline: boolean): Promise<StoredFileRead> {
      const url = await storage.downloadUrl(file.storageKey, {
        contentDisposition: contentDisposition(file.fileName, inline ? 'inline' : 'attachment'),
        contentType: file.contentType,
        expiresInSeconds: linkSeconds,
      });
      if (url) return { kind: 'link', url };
      return bytesOf(file);
    },

    bytes: bytesOf,
  };
}
