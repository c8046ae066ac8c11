#!/usr/bin/env node
// The integration tests store uploads in a real S3 server too: OpenStack Swift
// with its s3api middleware, from Debian (apps/server/test/swift.ts starts it).
// Install it when missing and we may.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// The programs apps/server/test/swift.ts runs, and the packages that hold them.
const programs = {
  '/usr/bin/swift-proxy-server': 'swift-proxy',
  '/usr/bin/swift-account-server': 'swift-account',
  '/usr/bin/swift-container-server': 'swift-container',
  '/usr/bin/swift-object-server': 'swift-object',
  '/usr/bin/memcached': 'memcached',
};

const missingPackages = () =>
  Object.entries(programs)
    .filter(([program]) => !existsSync(program))
    .map(([, debianPackage]) => debianPackage);

export function ensureSwift() {
  const missing = missingPackages();
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(
      'OpenStack Swift is missing. The integration tests run an S3 server (Swift with s3api):\n' +
        `  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  console.warn(`Swift is missing; installing Debian packages ${missing.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
  const still = missingPackages();
  if (still.length > 0) {
    console.error(`apt-get finished but ${still.join(', ')} is still missing.`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSwift();
