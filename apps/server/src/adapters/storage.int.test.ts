import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestStorage,
  type StorageKind,
  storageKinds,
  type TestStorage,
} from '../../test/test-storage.ts';
import { loadEnv } from '../config/env.ts';
import { createConfiguredStorage } from './configured-storage.ts';
import type { StorageAdapter } from './storage.ts';

/**
 * The StorageAdapter contract, held by both stores: a temporary directory, and a
 * bucket on a real S3 server (OpenStack Swift's s3api, started by global-setup.ts).
 * Each is built from environment variables, as the server builds it.
 */
const stores = {} as Record<StorageKind, { test: TestStorage; storage: StorageAdapter }>;
beforeAll(async () => {
  for (const kind of storageKinds) {
    const test = await createTestStorage(kind);
    stores[kind] = { test, storage: createConfiguredStorage(loadEnv(test.env)) };
  }
});
afterAll(async () => {
  for (const kind of storageKinds) await stores[kind]?.test.close();
});

const link = {
  contentDisposition: `attachment; filename="referral.pdf"; filename*=UTF-8''%C3%9Cberweisung.pdf`,
  contentType: 'application/pdf',
  expiresInSeconds: 60,
};

describe.each(storageKinds)('%s storage', (kind) => {
  const storage = () => stores[kind].storage;
  const storedKeys = () => stores[kind].test.storedKeys();

  it('gives back the bytes it was given, under random keys of 32 hex characters', async () => {
    const everyByte = Uint8Array.from({ length: 512 }, (_, index) => index % 256);
    const twoMegabytes = randomBytes(2 * 1024 * 1024);
    const files = [everyByte, twoMegabytes, new Uint8Array(0)];
    const keys = await Promise.all(files.map((bytes) => storage().put(bytes)));
    for (const [index, key] of keys.entries()) {
      expect(key).toMatch(/^[a-f0-9]{32}$/);
      expect(Buffer.from(files[index] as Uint8Array).equals(await storage().get(key))).toBe(true);
    }
    expect(new Set(keys).size).toBe(3);
    expect(await storedKeys()).toEqual(expect.arrayContaining(keys));
    // The same bytes twice are two files.
    expect(await storage().put(everyByte)).not.toBe(keys[0]);
  });

  it('refuses a key it could not have chosen, before touching the store', async () => {
    const key = await storage().put(Buffer.from('%PDF-1.4 kept'));
    const before = (await storedKeys()).sort();
    const invalid = [
      '',
      key.toUpperCase(),
      key.slice(1),
      `${key}0`,
      `../${key}`,
      `${key.slice(0, 2)}/${key}`,
      `${key.slice(0, 31)}/`,
      'g'.repeat(32),
      `${key}\n`,
    ];
    for (const bad of invalid) {
      await expect(storage().get(bad), JSON.stringify(bad)).rejects.toThrow('Invalid storage key');
      await expect(storage().delete(bad)).rejects.toThrow('Invalid storage key');
      await expect(storage().downloadUrl(bad, link)).rejects.toThrow('Invalid storage key');
    }
    expect((await storedKeys()).sort()).toEqual(before);
    expect((await storage().get(key)).toString()).toBe('%PDF-1.4 kept');

    // A store that cannot be reached: a bad key fails the same way, a good one in reaching it.
    const { env } = stores[kind].test;
    const unreachable = createConfiguredStorage(
      loadEnv({ ...env, DATA_DIR: '/dev/null/nowhere', S3_ENDPOINT: 'http://127.0.0.1:1' }),
    );
    await expect(unreachable.get('../etc/passwd')).rejects.toThrow('Invalid storage key');
    await expect(unreachable.get(key)).rejects.not.toThrow('Invalid storage key');
  });

  it('deletes: a get afterwards fails with ENOENT; a missing key deletes harmlessly', async () => {
    const key = await storage().put(Buffer.from('to delete'));
    await storage().delete(key);
    await expect(storage().get(key)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await storedKeys()).not.toContain(key);
    await storage().delete(key);
    await storage().delete(randomBytes(16).toString('hex'));
    await expect(storage().get(randomBytes(16).toString('hex'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});

describe('local storage', () => {
  it('has no download links: the server streams the bytes', async () => {
    const { storage } = stores.local;
    expect(await storage.downloadUrl(await storage.put(Buffer.from('x')), link)).toBeNull();
  });
});

describe('S3 storage download links', () => {
  const storage = () => stores.s3.storage;
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4096)]);

  async function signedLink(expiresInSeconds = 60) {
    const key = await storage().put(pdf);
    const url = await storage().downloadUrl(key, { ...link, expiresInSeconds });
    if (url === null) throw new Error('S3 storage gave no link');
    return url;
  }

  it('are fetched by anyone holding them, with the given disposition and type', async () => {
    const url = await signedLink();
    expect(url.startsWith(`${stores.s3.test.env.S3_ENDPOINT}/`)).toBe(true);
    // Nothing of the file's name in the path: only the key and the signed query.
    expect(new URL(url).pathname).toMatch(/^\/portal-test-[a-f0-9]+\/[a-f0-9]{32}$/);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(link.contentDisposition);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('are refused (403) with a tampered signature or another response type', async () => {
    const url = new URL(await signedLink());
    const signature = url.searchParams.get('X-Amz-Signature') ?? '';
    expect(signature).toMatch(/^[a-f0-9]{64}$/);
    const forged = new URL(url);
    forged.searchParams.set(
      'X-Amz-Signature',
      `${signature[0] === '0' ? '1' : '0'}${signature.slice(1)}`,
    );
    const tampered = await fetch(forged);
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain('SignatureDoesNotMatch');
    // The response headers are signed too: the link cannot be turned into an inline page.
    const retyped = new URL(url);
    retyped.searchParams.set('response-content-type', 'text/html');
    expect((await fetch(retyped)).status).toBe(403);
    expect((await fetch(url)).status).toBe(200);
  });

  it('are refused (403) once expired', async () => {
    const url = await signedLink(1);
    // X-Amz-Date has whole seconds: the link lives 1-2 s; past 2 s it is dead.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
  });

  it('live from one second to seven days', async () => {
    const key = await storage().put(pdf);
    for (const expiresInSeconds of [0, 1.5, 7 * 24 * 3600 + 1]) {
      await expect(storage().downloadUrl(key, { ...link, expiresInSeconds })).rejects.toThrow(
        'from 1 to 7 days',
      );
    }
    expect(await storage().downloadUrl(key, { ...link, expiresInSeconds: 7 * 24 * 3600 })).toMatch(
      /X-Amz-Expires=604800/,
    );
  });
});
