import { type ChildProcess, spawn } from 'node:child_process';
import {
  cpSync,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repoRoot = new URL('../../', import.meta.url).pathname;
export const artifactsDir = join(repoRoot, 'e2e', 'artifacts');

export interface Portal {
  url: string;
  stop: () => Promise<void>;
}

export interface PortalOptions {
  /** Name used for the log file under e2e/artifacts/. */
  name: string;
  /** Per-file changes to the demo provider's config, e.g. { 'radiology.json': { aboutUrl: '...' } }. */
  configOverrides?: Record<string, Record<string, unknown>>;
  env?: Record<string, string>;
}

/**
 * Env for a portal whose demo clinics have a working day today, whatever the hour the suite
 * runs: every clinic in the fixed-offset zone where it is now about 08:00, and open around the
 * clock (DEMO_TIME_ZONE and DEMO_OPEN_ALL_DAY in apps/server/src/config/env.ts). Sydney's own
 * "today" has no free slot left after about 22:00 there (the CI run of stop 25 failed so).
 */
export function morningClinicsEnv(now = new Date()): Record<string, string> {
  let hoursAhead = 8 - now.getUTCHours();
  if (hoursAhead < -12) hoursAhead += 24;
  // POSIX sign: Etc/GMT-10 is ten hours ahead of UTC.
  const zone =
    hoursAhead === 0 ? 'Etc/UTC' : `Etc/GMT${hoursAhead > 0 ? '-' : '+'}${Math.abs(hoursAhead)}`;
  return { DEMO_OPEN_ALL_DAY: 'true', DEMO_TIME_ZONE: zone };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function configDirWith(
  overrides: PortalOptions['configOverrides'],
  workDir: string,
): string | undefined {
  if (!overrides) return undefined;
  const dir = join(workDir, 'config');
  cpSync(join(repoRoot, 'config'), dir, { recursive: true });
  for (const [file, values] of Object.entries(overrides)) {
    const path = join(dir, file);
    const current = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    writeFileSync(path, JSON.stringify({ ...current, ...values }, null, 2));
  }
  return dir;
}

async function waitUntilReady(url: string, child: ChildProcess, logPath: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`portal exited with ${child.exitCode} before it was ready; see ${logPath}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`portal at ${url} was not ready within 90 s; see ${logPath}`);
}

/** Env that changes what the demo seed writes: such a portal seeds its own database. */
const seedEnv = ['DEMO_OPEN_ALL_DAY', 'DEMO_TIME_ZONE', 'DATA_DIR', 'DATABASE_URL', 'DEMO'];

/**
 * Starts the real server (as `npm start` does) on a fresh embedded database with demo data.
 * With `template` (a data directory a portal of the default seed left, e2e/global-setup.ts),
 * the database starts as a copy of it: migrating and seeding a new one is about half of a
 * start (7-10 s of 14-24 s on 2 cores). The server still does at start what it does on any
 * restart (configuration synced, the check-in demo placed again), so the copy is as fresh.
 */
export async function startPortal(
  options: PortalOptions,
  { template }: { template?: string } = {},
): Promise<Portal> {
  const workDir = mkdtempSync(join(tmpdir(), `portal-e2e-${options.name}-`));
  const ownSeed = Object.keys(options.env ?? {}).some((name) => seedEnv.includes(name));
  if (template && !ownSeed) cpSync(template, join(workDir, 'data'), { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  mkdirSync(artifactsDir, { recursive: true });
  const logPath = join(artifactsDir, `server-${options.name}.log`);
  const log = createWriteStream(logPath);
  const configDir = configDirWith(options.configOverrides, workDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(workDir, 'data'),
      DATABASE_URL: '',
      DEMO: 'true',
      LOG_LEVEL: 'info',
      // Every page load makes several /api calls from 127.0.0.1; the per-client limit is not under test here.
      RATE_LIMIT_MAX: '100000',
      ...(configDir ? { CONFIG_DIR: configDir } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  try {
    await waitUntilReady(url, child, logPath);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
