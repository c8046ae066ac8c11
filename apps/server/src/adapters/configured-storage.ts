import { join } from 'node:path';
import type { Env } from '../config/env.ts';
import { createS3Storage } from './s3-storage.ts';
import { createLocalStorage, type StorageAdapter } from './storage.ts';

/** The store STORAGE names: DATA_DIR/files by default, or the S3_* bucket. */
export function createConfiguredStorage(env: Pick<Env, 'dataDir' | 'storage'>): StorageAdapter {
  return env.storage.kind === 's3'
    ? createS3Storage(env.storage)
    : createLocalStorage(join(env.dataDir, 'files'));
}
