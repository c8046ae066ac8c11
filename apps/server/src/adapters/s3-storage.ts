import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertStorageKey, newStorageKey, type StorageAdapter } from './storage.ts';

/** An S3 bucket, on AWS or any S3-compatible store (S3_* environment variables). */
export interface S3StorageConfig {
  bucket: string;
  /** An S3-compatible store's URL; null for AWS itself. */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most S3-compatible stores). */
  forcePathStyle: boolean;
}

/** SigV4 presigned URLs live at most seven days. */
const maxLinkSeconds = 7 * 24 * 60 * 60;

/** What `get` throws for a key that holds nothing, as local storage's ENOENT. */
class StoredFileMissingError extends Error {
  override name = 'StoredFileMissingError';
  readonly code = 'ENOENT';
}

/**
 * Files as objects named by their random key at the top of one bucket, so several
 * instances share them. A put does not ask `If-None-Match: *` (local storage's 'wx'):
 * Swift's s3api answers it 501, and 128 random bits do not collide.
 */
export function createS3Storage(config: S3StorageConfig): StorageAdapter {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint === null ? {} : { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const Bucket = config.bucket;
  return {
    async put(bytes) {
      const key = newStorageKey();
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: 'application/octet-stream',
        }),
      );
      return key;
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) throw new Error(`The store answered no body for ${key}`);
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) throw new StoredFileMissingError(`No stored file ${key}`);
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      // S3 answers 204 whether or not the object was there.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async downloadUrl(key, { contentDisposition, contentType, expiresInSeconds }) {
      assertStorageKey(key);
      if (
        !Number.isInteger(expiresInSeconds) ||
        expiresInSeconds < 1 ||
        expiresInSeconds > maxLinkSeconds
      ) {
        throw new Error('A download link lives a whole number of seconds, from 1 to 7 days');
      }
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: contentDisposition,
        ResponseContentType: contentType,
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },
  };
}
