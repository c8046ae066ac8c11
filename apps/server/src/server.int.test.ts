import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureWebDist } from '../test/build-test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'portal-server-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Starts `node --import tsx apps/server/src/server.ts` as a user would. */
function startServer(env: Record<string, string>): { child: ChildProcess; done: Promise<Run> } {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const done = new Promise<Run>((resolve) => {
    child.on('exit', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
  return { child, done };
}

function brokenConfigDir(file: string, edit: (json: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(join(scratch, 'config-'));
  cpSync(join(repoRoot, 'config'), dir, { recursive: true });
  const path = join(dir, file);
  const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  edit(json);
  writeFileSync(path, JSON.stringify(json));
  return dir;
}

describe('server process', () => {
  it('exits 1 fast with a message naming the file and key of a bad config value', async () => {
    const configDir = brokenConfigDir('radiology.json', (json) => {
      json.code = 'sci lower';
    });
    const dataDir = join(scratch, 'unused');
    const { done } = startServer({ CONFIG_DIR: configDir, DATA_DIR: dataDir });
    const run = await done;
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('radiology.json: code: must be 2-20 capitals');
    expect(run.stdout).not.toContain('ready');
    // Fast: it stopped at the configuration, before opening (and creating) the database. (A
    // time limit here failed on a loaded 2-core machine: 11.7 s, most of it the process's import.)
    expect(existsSync(dataDir)).toBe(false);
  });

  it('exits 1 naming an invalid environment variable', async () => {
    const run = await startServer({ PORT: 'eighty' }).done;
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('PORT="eighty"');
  });

  it('refuses to start in production with check-in on and no webhook to deliver it to', async () => {
    const run = await startServer({
      NODE_ENV: 'production',
      SESSION_SECRET: 'production-secret-0123456789abcdef0123',
      DATA_DIR: join(scratch, 'unused'),
    }).done;
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('CHECK_IN_WEBHOOK_URL="": is required when NODE_ENV=production');
    expect(run.stdout).not.toContain('ready');
  });

  it('starts on a database, prints its address once and answers requests', async () => {
    // A copy of the seeded template: in DATA_DIR/pglite on PGlite (the server reopens it
    // in well under a second instead of running initdb), or a fresh PostgreSQL database.
    const database = await createTestDatabase({ dataDir: join(scratch, 'data', 'pglite') });
    if (!database.url) await database.close();
    const env: Record<string, string> = database.url
      ? { DATABASE_URL: database.url, DEMO: 'true' }
      : { DATA_DIR: join(scratch, 'data') };
    const { child, done } = startServer({ ...env, WEB_DIST_DIR: fixtureWebDist });
    try {
      const address = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('server did not start in 30 s')), 30_000);
        let output = '';
        child.stdout?.on('data', (chunk) => {
          output += chunk;
          const found = /Radiology portal ready at (http:\/\/\S+)/.exec(output);
          if (found) {
            clearTimeout(timer);
            resolve(found[1]!);
          }
        });
        child.on('exit', () => reject(new Error('server exited before it was ready')));
      });
      const response = await fetch(`${address}/api/config/radiology`);
      expect(response.status).toBe(200);
      expect((await response.json()).code).toBe('SCI');
      const contact = (await (await fetch(`${address}/api/config/contact`)).json()) as unknown[];
      expect(contact.length).toBeGreaterThanOrEqual(12);
      child.kill('SIGTERM');
      const run = await done;
      expect(run.code).toBe(0);
      expect(run.stdout.match(/Radiology portal ready at/g)).toHaveLength(1);
      expect(run.stdout).toContain('Demo mode');
      // No PACS in this run: the banner says images are not available rather than faking them.
      expect(run.stdout).toContain('Images: no PACS (set PACS_DICOMWEB_URL');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      if (database.url) await database.close();
    }
  });
});
