import closeWithGrace from 'close-with-grace';
import { systemClock } from './adapters/clock.ts';
import { buildApp } from './app.ts';
import { EnvError, loadEnv } from './config/env.ts';
import { loadProviderConfig, ProviderConfigError } from './config/provider-config.ts';
import { readAppVersion } from './config/version.ts';
import { createDb, type DatabaseHandle } from './db/create-db.ts';
import { migrateToLatest } from './db/migrate.ts';
import { isDatabaseEmpty, seedDemoData } from './db/seed/index.ts';
import { buildConfigService } from './modules/config/index.ts';

/** Start-up problems an operator fixes (bad env or config): one clear message, exit 1. */
function failFast(error: unknown): never {
  if (error instanceof EnvError || error instanceof ProviderConfigError) {
    console.error(error.message);
  } else {
    console.error('The portal could not start:', error);
  }
  process.exit(1);
}

async function main(): Promise<void> {
  let env: ReturnType<typeof loadEnv>;
  let provider: ReturnType<typeof loadProviderConfig>;
  try {
    env = loadEnv();
    provider = loadProviderConfig(env.configDir);
  } catch (error) {
    failFast(error);
  }

  let handle: DatabaseHandle;
  try {
    handle = await createDb(env);
    await migrateToLatest(handle.db);
  } catch (error) {
    failFast(error);
  }
  const { db } = handle;

  let seeded = false;
  if (env.demo && (await isDatabaseEmpty(db))) {
    await seedDemoData(db);
    seeded = true;
  }

  const version = readAppVersion();
  const runtime = {
    activeProfiles: env.activeProfiles,
    production: env.production,
    readOnly: env.readOnly,
    version,
  };
  await buildConfigService({ db, provider, runtime, clock: systemClock }).publishSnapshot();

  const app = await buildApp({ env, provider, version }, { db, clock: systemClock });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await handle.close();
  });

  try {
    await app.listen({ port: env.port, host: env.host });
  } catch (error) {
    await handle.close();
    failFast(error);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  const host = env.host.includes(':') ? `[${env.host}]` : env.host;
  // The one human line (logs are JSON); tests and people look for it.
  console.log(`Radiology portal ready at http://${host}:${port}`);
  if (env.demo) {
    const where = handle.engine === 'pglite' ? `embedded database in ${env.dataDir}` : 'PostgreSQL';
    console.log(
      `Demo mode: fictional provider ${provider.radiology.name} (${where}${seeded ? ', demo data seeded now' : ''}).`,
    );
  }
}

await main();
