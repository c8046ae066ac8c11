#!/usr/bin/env node
// `npm test`: every check a change must pass, in the order that fails fastest.
// Integration tests run on PGlite and, when TEST_DATABASE_URL is set, again on
// PostgreSQL, so both engines are exercised by the same suite.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureOrthanc } from './ensure-orthanc.mjs';
import { ensureSwift } from './ensure-swift.mjs';
import { failedTests, formatFailures } from './test-failures.mjs';

const root = new URL('..', import.meta.url).pathname;
const reportDir = join(root, 'node_modules', '.cache', 'test-reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];
// CI keeps only the end of the log: the failing tests are named again there (see
// test-failures.mjs), so a red run says what failed without the rest.
const failures = [];

function stage(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} in ${seconds}s ===`);
  if (!ok) failedStages.push(name);
  return ok;
}

function vitest(name, projects, env = {}) {
  const report = join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  const ok = stage(
    name,
    'npx',
    [
      'vitest',
      'run',
      ...projectArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
  );
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    totals.skipped += summary.numPendingTests + summary.numTodoTests;
    failures.push(...failedTests(name, summary, root));
    if (summary.numTotalTests === 0) {
      console.error(`${name}: no test ran`);
      failedStages.push(`${name} (no tests)`);
    }
  } catch {
    if (ok) failedStages.push(`${name} (no report)`);
  }
}

ensureChromium();
stage('typecheck', 'npx', ['tsc', '-b']);
stage('lint', 'npx', ['biome', 'ci', '.']);
stage('module boundaries', 'node', ['scripts/check-boundaries.mjs']);
vitest('unit and web', ['unit', 'web', 'web-isolated']);
ensureSwift();
ensureOrthanc();
const { TEST_DATABASE_URL } = process.env;
vitest('integration on PGlite', ['integration'], { TEST_DATABASE_URL: '' });
if (TEST_DATABASE_URL) {
  vitest('integration on PostgreSQL', ['integration'], { TEST_DATABASE_URL });
} else {
  console.log('\nTEST_DATABASE_URL is not set: integration tests ran on PGlite only.');
}
if (stage('build web app', 'npm', ['run', 'build', '--silent'])) {
  vitest('end-to-end in Chromium', ['e2e']);
} else {
  failedStages.push('end-to-end (not run: build failed)');
}

if (failures.length) console.log(`\n${formatFailures(failures)}`);
console.log(
  `\n${failedStages.length ? `Failed: ${failedStages.join(', ')}` : 'All stages passed.'}`,
);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStages.length ? 1 : 0);
