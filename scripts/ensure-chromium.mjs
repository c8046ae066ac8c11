#!/usr/bin/env node
// The end-to-end tests drive Debian's Chromium (browsers that download
// themselves cannot be fetched here). Install it when missing and we may.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command, args) {
  execFileSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

export function ensureChromium() {
  if (existsSync(chromiumPath)) return chromiumPath;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is missing at ${chromiumPath}. The end-to-end tests need Debian's Chromium:\n` +
        '  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'or point CHROMIUM_PATH at a Chromium/Chrome binary.',
    );
    process.exit(1);
  }
  console.warn('Chromium is missing; installing Debian package "chromium" with apt-get…');
  run('apt-get', ['update', '-qq']);
  run('apt-get', [
    'install',
    '-y',
    '-qq',
    '--no-install-recommends',
    'chromium',
    'fonts-dejavu-core',
  ]);
  if (!existsSync(chromiumPath)) {
    console.error(`apt-get finished but ${chromiumPath} is still missing.`);
    process.exit(1);
  }
  return chromiumPath;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
