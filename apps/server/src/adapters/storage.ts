import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Stores uploaded files under keys it chooses itself (never the client's file name). */
export interface StorageAdapter {
  put(bytes: Uint8Array): Promise<string>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

const keyPattern = /^[a-f0-9]{32}$/;

/** A local directory (DATA_DIR/files); each file gets 128 random bits as its name. */
export function createLocalStorage(directory: string): StorageAdapter {
  const pathOf = (key: string) => {
    if (!keyPattern.test(key)) throw new Error('Invalid storage key');
    return join(directory, key.slice(0, 2), key);
  };
  return {
    async put(bytes) {
      const key = randomBytes(16).toString('hex');
      await mkdir(join(directory, key.slice(0, 2)), { recursive: true });
      // 'wx': never overwrite, even on the impossible collision.
      await writeFile(pathOf(key), bytes, { flag: 'wx', mode: 0o600 });
      return key;
    },
    get: (key) => readFile(pathOf(key)),
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
