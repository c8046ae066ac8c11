import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Clock, fixedClock } from '../src/adapters/clock.ts';
import { buildApp } from '../src/app.ts';
import { type Env, loadEnv } from '../src/config/env.ts';
import { loadProviderConfig, type ProviderConfig } from '../src/config/provider-config.ts';
import type { DatabaseHandle } from '../src/db/create-db.ts';
import {
  loadQuestionnaireConfig,
  syncQuestionnaires,
} from '../src/modules/questionnaires/index.ts';
import { createTestDatabase } from './test-database.ts';
import { createTestStorage, type StorageKind, type TestStorage } from './test-storage.ts';

export const fixtureWebDist = fileURLToPath(new URL('./fixtures/web-dist', import.meta.url));
const configDir = fileURLToPath(new URL('../../../config', import.meta.url));

let providerCache: ProviderConfig | undefined;
/** The demo provider's configuration (config/), loaded once per test file. */
export function demoProvider(): ProviderConfig {
  providerCache ??= loadProviderConfig(configDir);
  return providerCache;
}

export interface TestAppOptions {
  /** Environment variables as a user would set them; merged over the test defaults. */
  env?: Record<string, string>;
  provider?: ProviderConfig;
  clock?: Clock;
  /** Reuse a database (e.g. one already closed, to test readiness). */
  database?: DatabaseHandle;
  /** Sync config/questionnaires/ into the database first, as the server does at start. */
  questionnaires?: boolean;
  /**
   * Where uploads go: a temporary DATA_DIR (default) or a new bucket on the run's
   * Swift, chosen by environment variables as a user would (STORAGE=s3, S3_*).
   */
  storage?: StorageKind;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  env: Env;
  clock: Clock;
  /** The store behind the app's uploads, to look into. */
  storage: TestStorage;
  close(): Promise<void>;
}

/** The real app on a fresh, migrated and seeded database; call `close` in afterAll. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const storage = await createTestStorage(options.storage ?? 'local');
  const env = loadEnv(
    {
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      WEB_DIST_DIR: fixtureWebDist,
      DEMO: 'true',
      // Production refuses to start without one; tests that switch NODE_ENV need not repeat it.
      SESSION_SECRET: 'test-session-secret-0123456789abcdef0123',
      ...storage.env,
      ...options.env,
    },
    process.cwd(),
  );
  const database = options.database ?? (await createTestDatabase());
  const clock = options.clock ?? fixedClock('2026-03-02T00:00:00Z');
  if (options.questionnaires) {
    await syncQuestionnaires(database.db, loadQuestionnaireConfig(configDir), clock.now());
  }
  const app = await buildApp(
    { env, provider: options.provider ?? demoProvider(), version: '0.0.0-test' },
    { db: database.db, clock },
  );
  await app.ready();
  return {
    app,
    database,
    env,
    clock,
    storage,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      await storage.close();
    },
  };
}

/** Request helpers over app.inject for a test file whose app is built in beforeAll. */
export function requestsTo(app: () => FastifyInstance) {
  const inject = (method: 'GET' | 'POST', url: string, payload?: unknown, cookie?: string) =>
    app().inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: cookie ? { cookie } : {},
    });
  return {
    inject,
    get: (url: string) => inject('GET', url),
    post: (url: string, payload: unknown) => inject('POST', url, payload),
  };
}
