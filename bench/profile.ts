// `node --import tsx bench/profile.ts [--reuse] [--cpu-prof] [target...]`: server CPU time per
// request for the slot-search endpoints and the storm, which stays meaningful on a busy machine
// where requests/s do not. Uses the bench database (portal_bench; --reuse skips regenerating it).
// With --cpu-prof the server writes a V8 profile per target to bench/.profiles/; --warm-storm runs
// a first storm on other days so the measured one meets a warm process; PROFILE_LOG_LEVEL=info
// logs each request's server-side response time.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClinicSlotsResponse, Slot } from '@portal/contract';
import pg from 'pg';
import { startPortal } from '../e2e/support/portal.ts';
import { generateDataset, recreateDatabase } from './dataset.ts';
import { load } from './load.ts';
import { bookingStorm } from './storm.ts';

const repoRoot = new URL('../', import.meta.url).pathname;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith('--')));
const wanted = args.filter((arg) => !arg.startsWith('--'));
const targets = wanted.length > 0 ? wanted : ['healthz', 'next', 'week', 'storm'];
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = '/portal_bench';
if (!flags.has('--reuse')) {
  await recreateDatabase(adminUrl, 'portal_bench');
  const portal = await startPortal({
    name: 'profile-setup',
    env: { DATABASE_URL: databaseUrl.toString(), DEMO: 'false', LOG_LEVEL: 'warn' },
  });
  try {
    console.log(await generateDataset(databaseUrl.toString()));
  } finally {
    await portal.stop();
  }
}

/** utime + stime of a process in ms (Linux /proc, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startServer(profileName: string): Promise<{ url: string; child: ChildProcess }> {
  const port = 39_000 + Math.floor(Math.random() * 1000);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-profile-'));
  // One directory per target: tsx's loader thread writes a profile of its own.
  const profileDir = join(repoRoot, 'bench/.profiles', profileName);
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
  const node = flags.has('--cpu-prof')
    ? ['--cpu-prof', '--cpu-prof-interval=200', `--cpu-prof-dir=${profileDir}`]
    : [];
  const child = spawn(process.execPath, [...node, '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl.toString(),
      DEMO: 'false',
      LOG_LEVEL: process.env.PROFILE_LOG_LEVEL ?? 'warn',
      RATE_LIMIT_MAX: '100000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 240; tries++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

for (const target of targets) {
  const { url, child } = await startServer(target);
  try {
    const weekUrl = `${url}/api/clinics/bench-clinic-3/slots?examSlug=mri-exam-1&from=${day(1)}&to=${day(7)}`;
    const nextBody = { examSlug: 'mri-exam-1', location: { latitude: -33.87, longitude: 151.21 } };
    // Warm up (catalogue load, JIT) before measuring.
    if (target === 'next') {
      await load({
        label: 'warm',
        url: `${url}/api/slots/next-available`,
        method: 'POST',
        body: nextBody,
        durationSeconds: 2,
      });
    } else if (target === 'week') {
      await load({ label: 'warm', url: weekUrl, durationSeconds: 2 });
    }
    const before = cpuMs(child.pid!);
    let requests = 0;
    let summary = '';
    if (target === 'storm') {
      // Earlier storms on a reused database took the first free slots: give them back.
      const admin = new pg.Client({ connectionString: databaseUrl.toString() });
      await admin.connect();
      // Their resource bookings go with them (ON DELETE CASCADE).
      await admin.query(`DELETE FROM appointments WHERE patient_id IN
        (SELECT id FROM patients WHERE email LIKE 'storm%@bench.example')`);
      await admin.end();
      const stormSlots = (
        (await (
          await fetch(
            `${url}/api/clinics/bench-clinic-0/slots?examSlug=ct-exam-1&from=${day(2)}&to=${day(9)}`,
          )
        ).json()) as ClinicSlotsResponse
      ).slots
        .filter((slot: Slot) => !slot.enquiry)
        .slice(0, 20);
      if (flags.has('--warm-storm')) {
        // A first storm on other days, so the measured one runs on a warm process.
        const warmSlots = (
          (await (
            await fetch(
              `${url}/api/clinics/bench-clinic-1/slots?examSlug=ct-exam-1&from=${day(20)}&to=${day(27)}`,
            )
          ).json()) as ClinicSlotsResponse
        ).slots.slice(0, 20);
        const warm = await bookingStorm(url, databaseUrl.toString(), warmSlots, 200);
        console.log(
          `warm-up storm: p50 ${warm.p50Ms.toFixed(0)} ms, p99 ${warm.p99Ms.toFixed(0)} ms`,
        );
        // An idle second between the storms, so a CPU profile shows the measured one apart.
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      const stormBefore = cpuMs(child.pid!);
      const storm = await bookingStorm(url, databaseUrl.toString(), stormSlots, 200);
      requests = storm.clients;
      summary = `created ${storm.created}, 409 ${storm.conflicts}, other ${storm.otherFailures}, 5xx ${storm.serverErrors}, overlaps ${storm.overlapsInDatabase}, p50 ${storm.p50Ms.toFixed(0)} ms, p99 ${storm.p99Ms.toFixed(0)} ms (key creation included in CPU: ${cpuMs(child.pid!) - stormBefore} ms)`;
    } else {
      const result = await load(
        target === 'healthz'
          ? { label: target, url: `${url}/healthz` }
          : target === 'next'
            ? {
                label: target,
                url: `${url}/api/slots/next-available`,
                method: 'POST',
                body: nextBody,
              }
            : { label: target, url: weekUrl },
      );
      requests = result.total;
      summary = `${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, non-2xx ${result.non2xx}`;
    }
    const used = cpuMs(child.pid!) - before;
    console.log(
      `${target}: ${summary}; server CPU ${used} ms for ${requests} requests = ${(used / requests).toFixed(3)} ms/request`,
    );
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
