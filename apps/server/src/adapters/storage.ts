import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** How a short-lived download link presents the file to the browser. */
export interface DownloadLinkOptions {
  /** The whole Content-Disposition header (attachment or inline, with the file's name). */
  contentDisposition: string;
  contentType: string;
  /** How long the link works, from now (1 second to 7 days). */
  expiresInSeconds: number;
}

/**
 * Stores uploaded files under keys it chooses itself (never the client's file name).
 * A key not of its own shape is refused before the store is touched. `get` of a key
 * that holds nothing rejects with an error whose `code` is 'ENOENT'; `delete` of one
 * is harmless.
 */
export interface StorageAdapter {
  put(bytes: Uint8Array): Promise<string>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /**
   * A link the browser can fetch the file from directly, signed and expiring; null
   * when the store cannot give one (local storage), and the server streams the bytes.
   */
  downloadUrl(key: string, options: DownloadLinkOptions): Promise<string | null>;
}

const keyPattern = /^[a-f0-9]{32}$/;

/** 128 random bits as 32 lowercase hex characters: every store's key. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

/** Throws unless `key` is one a store could have chosen (no paths, no other names). */
export function assertStorageKey(key: string): void {
  if (!keyPattern.test(key)) throw new Error('Invalid storage key');
}

/** A local directory (DATA_DIR/files); each file gets 128 random bits as its name. */
export function createLocalStorage(directory: string): StorageAdapter {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(directory, key.slice(0, 2), key);
  };
  return {
    async put(bytes) {
      const key = newStorageKey();
      await mkdir(join(directory, key.slice(0, 2)), { recursive: true });
      // 'wx': never overwrite, even on the impossible collision.
      await writeFile(pathOf(key), bytes, { flag: 'wx', mode: 0o600 });
      return key;
    },
    get: async (key) => readFile(pathOf(key)),
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async downloadUrl(key) {
      pathOf(key);
      return null;
    },
  };
}
