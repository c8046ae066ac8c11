import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPgliteDb, createPostgresDb } from '../src/db/create-db.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/db/seed/index.ts';
import { type SwiftS3, startSwift } from './swift.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase:
      | { engine: 'pglite'; templateFile: string }
      | { engine: 'postgres'; adminUrl: string; templateName: string };
    /** The run's S3 server (Swift's s3api); test-storage.ts makes a bucket per file. */
    swift: Omit<SwiftS3, 'stop'>;
  }
}

/**
 * Starts the run's S3 server (OpenStack Swift with s3api, about 2 s, alongside the
 * template database) and stops it after the run.
 */
export default async function setup(project: TestProject) {
  const [swift, database] = await Promise.allSettled([
    startSwift(),
    setupTemplateDatabase(project),
  ]);
  const teardown = async () => {
    if (swift.status === 'fulfilled') await swift.value.stop();
    if (database.status === 'fulfilled') await database.value();
  };
  if (swift.status === 'rejected' || database.status === 'rejected') {
    await teardown();
    throw swift.status === 'rejected' ? swift.reason : (database as PromiseRejectedResult).reason;
  }
  const { stop: _stop, ...s3 } = swift.value;
  project.provide('swift', s3);
  return teardown;
}

/**
 * Builds one migrated and seeded template database for the whole run, so
 * each test file starts from a fresh copy in well under a second instead of
 * migrating and seeding on its own. PGlite: a data-dir dump loaded in memory.
 * PostgreSQL (TEST_DATABASE_URL): a template database cloned per file.
 */
async function setupTemplateDatabase(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const templateName = `portal_test_template_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${templateName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${templateName}`;
    const handle = createPostgresDb(url.toString(), 2);
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db);
    // CREATE DATABASE ... TEMPLATE needs the template to have no open connections.
    await handle.close();
    project.provide('testDatabase', { engine: 'postgres', adminUrl, templateName });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.end();
    };
  }

  const handle = await createPgliteDb();
  await migrateToLatest(handle.db);
  await seedDemoData(handle.db);
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const templateFile = join(dir, 'template.tar');
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { engine: 'pglite', templateFile });
  return () => rmSync(dir, { recursive: true, force: true });
}
