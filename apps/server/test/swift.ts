import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { assertInstalled, freePorts, launch, logTail, stopAll } from './test-processes.ts';

/**
 * A real S3 server for tests: OpenStack Swift (Debian's packages) with its s3api
 * middleware, one node on loopback ports, its data in a temporary directory.
 * Unlike s3rver, it checks every signature, and a presigned URL's expiry.
 */
export interface SwiftS3 {
  /** The proxy's S3 endpoint, http://127.0.0.1:<port> (path-style requests). */
  endpoint: string;
  region: string;
  /** Tempauth's test user, account:user, as an S3 access key id. */
  accessKeyId: string;
  secretAccessKey: string;
  /** A bucket created at start. */
  bucket: string;
  stop(): Promise<void>;
}

export const swiftPrograms = [
  '/usr/bin/swift-proxy-server',
  '/usr/bin/swift-account-server',
  '/usr/bin/swift-container-server',
  '/usr/bin/swift-object-server',
  '/usr/bin/memcached',
];

/** A client of a started Swift's S3 interface (the test's own, not the app's). */
export function swiftClient(swift: Omit<SwiftS3, 'stop' | 'bucket'>, maxAttempts = 3): S3Client {
  return new S3Client({
    maxAttempts,
    endpoint: swift.endpoint,
    region: swift.region,
    forcePathStyle: true,
    credentials: { accessKeyId: swift.accessKeyId, secretAccessKey: swift.secretAccessKey },
  });
}

const storageServers = ['account', 'container', 'object'] as const;
type Ports = Record<(typeof storageServers)[number] | 'proxy' | 'memcached', number>;

// One Python process builds the three single-device rings (swift-ring-builder's own
// code, without starting its command line nine times: ~0.5 s instead of ~4 s).
const buildRings = `
import sys
from swift.common.ring import RingBuilder
directory = sys.argv[1]
for name, port in zip(('account', 'container', 'object'), sys.argv[2:]):
    builder = RingBuilder(6, 1, 1)
    builder.add_dev({'region': 1, 'zone': 1, 'ip': '127.0.0.1', 'port': int(port),
                     'device': 'd1', 'weight': 1})
    builder.rebalance()
    builder.get_ring().save('%s/%s.ring.gz' % (directory, name))
`;

function writeConfigs(directory: string, ports: Ports): void {
  // Swift drops privileges to `user`; as root it must be told to stay root.
  const user = userInfo().username;
  const common = (port: number) => `[DEFAULT]
bind_ip = 127.0.0.1
bind_port = ${port}
bind_timeout = 2
workers = 0
user = ${user}
swift_dir = ${directory}
log_level = WARNING
`;
  writeFileSync(
    join(directory, 'swift.conf'),
    `[swift-hash]
swift_hash_path_suffix = portal-test
swift_hash_path_prefix = portal-test
[storage-policy:0]
name = Policy-0
default = yes
`,
  );
  for (const server of storageServers) {
    writeFileSync(
      join(directory, `${server}-server.conf`),
      `${common(ports[server])}devices = ${join(directory, 'devices')}
mount_check = false
[pipeline:main]
pipeline = ${server}-server
[app:${server}-server]
use = egg:swift#${server}
`,
    );
  }
  const filters = {
    catch_errors: 'catch_errors',
    gatekeeper: 'gatekeeper',
    healthcheck: 'healthcheck',
    'proxy-logging': 'proxy_logging',
    cache: `memcache\nmemcache_servers = 127.0.0.1:${ports.memcached}`,
    listing_formats: 'listing_formats',
    s3api: 's3api',
    tempauth: 'tempauth\nuser_test_tester = testing .admin',
    copy: 'copy',
    slo: 'slo',
    dlo: 'dlo',
  };
  writeFileSync(
    join(directory, 'proxy-server.conf'),
    `${common(ports.proxy)}[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
# While the storage servers start, the proxy's first requests to them fail; by default ten
# failures put a server aside for 60 s, longer than the start may take on a loaded machine.
error_suppression_limit = 1000
error_suppression_interval = 1
${Object.entries(filters)
  .map(([name, egg]) => `[filter:${name}]\nuse = egg:swift#${egg}\n`)
  .join('')}`,
  );
}

class PortLostError extends Error {}

/** Whether something accepts connections on a loopback port now. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function startOnce(directory: string, deadline: number): Promise<SwiftS3> {
  const [proxy, account, container, object, memcached] = await freePorts(5);
  const ports = { proxy, account, container, object, memcached } as Ports;
  writeConfigs(directory, ports);
  await promisify(execFile)('/usr/bin/python3', [
    '-c',
    buildRings,
    directory,
    String(ports.account),
    String(ports.container),
    String(ports.object),
  ]);
  const asRoot = process.getuid?.() === 0 ? ['-u', 'root'] : [];
  const processes = [
    launch('memcached', join(directory, 'logs', 'memcached.log'), '/usr/bin/memcached', [
      ...['-l', '127.0.0.1', '-p', String(ports.memcached), '-U', '0', '-m', '16', '-t', '1'],
      ...asRoot,
    ]),
    ...storageServers.map((server) =>
      launch(server, join(directory, 'logs', `${server}.log`), `/usr/bin/swift-${server}-server`, [
        join(directory, `${server}-server.conf`),
      ]),
    ),
    launch('proxy', join(directory, 'logs', 'proxy.log'), '/usr/bin/swift-proxy-server', [
      join(directory, 'proxy-server.conf'),
    ]),
  ];
  const swift = {
    endpoint: `http://127.0.0.1:${ports.proxy}`,
    region: 'us-east-1',
    accessKeyId: 'test:tester',
    secretAccessKey: 'testing',
    bucket: 'portal-test',
  };
  // Ready when the whole chain answers: s3api, tempauth, memcached, the proxy and
  // the account and container servers (creating the bucket) and their rings. The proxy
  // is asked only once every server listens, so it never counts a server's start-up
  // against it (error suppression; its limit is raised above as well).
  const client = swiftClient(swift, 1);
  let last: unknown = 'no server listening yet';
  try {
    for (;;) {
      const dead = processes.find((process) => process.exitCode !== undefined);
      if (dead) {
        const log = logTail(dead.log);
        const message = `Swift's ${dead.name} (port ${ports[dead.name as keyof Ports]}) exited with ${dead.exitCode} before Swift was ready:\n${log}`;
        throw /address already in use|could not bind/i.test(log)
          ? new PortLostError(message)
          : new Error(message);
      }
      const listening = await Promise.all(Object.values(ports).map(accepts));
      if (listening.every(Boolean)) {
        try {
          await client.send(new CreateBucketCommand({ Bucket: swift.bucket }));
          break;
        } catch (error) {
          if ((error as { name?: string }).name === 'BucketAlreadyOwnedByYou') break;
          last = error;
        }
      }
      if (Date.now() > deadline) {
        throw new Error(
          `Swift did not answer S3 within ${startSeconds} s (last: ${String(last)}); logs in ${directory}/logs`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stopAll(processes);
    throw error;
  } finally {
    client.destroy();
  }
  return {
    ...swift,
    async stop() {
      await stopAll(processes);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Starts memcached, Swift's account, container and object servers and its proxy
 * (pipeline `... cache s3api tempauth ... proxy-server`) on free loopback ports,
 * and answers once an S3 request has succeeded (about 2 s). Needs Debian's
 * swift-proxy, swift-account, swift-container, swift-object and memcached
 * (`node scripts/ensure-swift.mjs` installs them).
 */
// About 2 s on a quiet machine; Swift's Python servers took over 30 s to start at a load of 7-8
// on this 2-core machine (tests, e2e and a benchmark at once), so the wait is generous.
const startSeconds = 90;

export async function startSwift(): Promise<SwiftS3> {
  assertInstalled('OpenStack Swift', swiftPrograms, 'ensure-swift.mjs');
  for (let attempt = 1; ; attempt += 1) {
    const directory = mkdtempSync(join(tmpdir(), 'portal-swift-'));
    mkdirSync(join(directory, 'devices', 'd1'), { recursive: true });
    mkdirSync(join(directory, 'logs'));
    try {
      return await startOnce(directory, Date.now() + startSeconds * 1000);
    } catch (error) {
      // Another process took one of the ports between our look and Swift's bind.
      if (!(error instanceof PortLostError) || attempt === 3) {
        throw error;
      }
      rmSync(directory, { recursive: true, force: true });
    }
  }
}
