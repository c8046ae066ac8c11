#!/usr/bin/env node
// The integration tests store uploads in a real S3 server too: OpenStack Swift
// with its s3api middleware, from Debian (apps/server/test/swift.ts starts it).
import { ensureDebianPackages } from './debian-packages.mjs';

export function ensureSwift() {
  ensureDebianPackages({
    what: 'OpenStack Swift',
    why: 'The integration tests run an S3 server (Swift with s3api)',
    // The programs apps/server/test/swift.ts runs, and the packages that hold them.
    programs: {
      '/usr/bin/swift-proxy-server': 'swift-proxy',
      '/usr/bin/swift-account-server': 'swift-account',
      '/usr/bin/swift-container-server': 'swift-container',
      '/usr/bin/swift-object-server': 'swift-object',
      '/usr/bin/memcached': 'memcached',
    },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSwift();
