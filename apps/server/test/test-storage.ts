import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { swiftClient } from './swift.ts';

export type StorageKind = 'local' | 's3';
export const storageKinds: StorageKind[] = ['local', 's3'];

/** A store of its own for one test file, and a look at it behind the app's back. */
export interface TestStorage {
  kind: StorageKind;
  /** The environment variables that select it (the app builds its adapter from them). */
  env: Record<string, string>;
  /** Keys of the files it holds now. */
  storedKeys(): Promise<string[]>;
  /** Deletes every file, as if the store lost them. */
  removeAll(): Promise<void>;
  close(): Promise<void>;
}

/** A temporary DATA_DIR (files in DATA_DIR/files). */
function localTestStorage(): TestStorage {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-storage-'));
  const files = join(dataDir, 'files');
  const storedFiles = () => {
    try {
      return readdirSync(files, { recursive: true, withFileTypes: true }).filter((entry) =>
        entry.isFile(),
      );
    } catch {
      return [];
    }
  };
  return {
    kind: 'local',
    env: { DATA_DIR: dataDir },
    storedKeys: async () => storedFiles().map((entry) => entry.name),
    async removeAll() {
      for (const entry of storedFiles()) rmSync(join(entry.parentPath, entry.name));
    },
    async close() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new bucket on the run's Swift (started by global-setup.ts). */
async function s3TestStorage(): Promise<TestStorage> {
  const swift = inject('swift');
  const client = swiftClient(swift);
  const bucket = `portal-test-${randomBytes(6).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const storedKeys = async () => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
      );
      keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
      token = page.NextContinuationToken;
    } while (token);
    return keys;
  };
  const removeAll = async () => {
    for (const Key of await storedKeys()) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
    }
  };
  return {
    kind: 's3',
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: swift.endpoint,
      S3_REGION: swift.region,
      S3_ACCESS_KEY_ID: swift.accessKeyId,
      S3_SECRET_ACCESS_KEY: swift.secretAccessKey,
    },
    storedKeys,
    removeAll,
    async close() {
      await removeAll();
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
      client.destroy();
    },
  };
}

export function createTestStorage(kind: StorageKind): Promise<TestStorage> {
  return kind === 's3' ? s3TestStorage() : Promise.resolve(localTestStorage());
}
