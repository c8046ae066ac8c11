import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StudyDefinition, studyFiles } from '../src/modules/image-viewer/index.ts';
import { assertInstalled, freePorts, launch, logTail, stopAll } from './test-processes.ts';

/**
 * A real PACS for tests: Debian's Orthanc with its DICOMweb plugin on a free loopback port,
 * its index and storage in a temporary directory, HTTP basic auth on (so the adapter's
 * credentials are exercised). Starts in well under a second on a quiet machine; start one per
 * test file in beforeAll and stop it in afterAll.
 */
export interface TestOrthanc {
  /** http://127.0.0.1:<port> (Orthanc's REST API; tests upload here). */
  url: string;
  /** The DICOMweb root the portal is configured with (PACS_DICOMWEB_URL). */
  dicomWebUrl: string;
  username: string;
  password: string;
  /** Uploads the studies' instances (POST /instances). */
  upload(studies: StudyDefinition[]): Promise<void>;
  stop(): Promise<void>;
}

export const orthancPrograms = [
  '/usr/sbin/Orthanc',
  '/usr/share/orthanc/plugins/libOrthancDicomWeb.so',
];

const startSeconds = 60;

export async function startOrthanc(): Promise<TestOrthanc> {
  assertInstalled('Orthanc', orthancPrograms, 'ensure-orthanc.mjs');
  const directory = mkdtempSync(join(tmpdir(), 'portal-orthanc-'));
  mkdirSync(join(directory, 'config'));
  mkdirSync(join(directory, 'storage'));
  const [port] = await freePorts(1);
  if (port === undefined) throw new Error('no free port');
  const username = 'portal';
  const password = 'orthanc-test-password';
  writeFileSync(
    join(directory, 'config', 'orthanc.json'),
    JSON.stringify({
      Name: 'portal-test',
      HttpPort: port,
      RemoteAccessAllowed: false,
      AuthenticationEnabled: true,
      RegisteredUsers: { [username]: password },
      // No DICOM (C-STORE) listener: only HTTP is used, and port 4242 may be taken.
      DicomServerEnabled: false,
      StorageDirectory: join(directory, 'storage'),
      IndexDirectory: join(directory, 'storage'),
      Plugins: ['/usr/share/orthanc/plugins/libOrthancDicomWeb.so'],
      DicomWeb: { Enable: true, Root: '/dicom-web/' },
    }),
  );
  const orthanc = launch('orthanc', join(directory, 'orthanc.log'), '/usr/sbin/Orthanc', [
    join(directory, 'config'),
  ]);
  const url = `http://127.0.0.1:${port}`;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const stop = async () => {
    await stopAll([orthanc], 5000);
    rmSync(directory, { recursive: true, force: true });
  };
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (orthanc.exitCode !== undefined) {
      const tail = logTail(orthanc.log);
      await stop();
      throw new Error(`Orthanc exited with ${orthanc.exitCode} before it was ready:\n${tail}`);
    }
    try {
      const response = await fetch(`${url}/dicom-web/studies`, { headers: { authorization } });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Orthanc did not answer within ${startSeconds} s; log in ${orthanc.log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    dicomWebUrl: `${url}/dicom-web`,
    username,
    password,
    async upload(studies) {
      for (const study of studies) {
        for (const file of studyFiles(study)) {
          const response = await fetch(`${url}/instances`, {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/dicom' },
            body: Buffer.from(file),
          });
          if (!response.ok) {
            throw new Error(
              `Orthanc refused an instance: ${response.status} ${await response.text()}`,
            );
          }
        }
      }
    },
    stop,
  };
}

/**
 * A pass-through HTTP proxy in front of the PACS that records every path asked, so a test can
 * show a refused request never reached the PACS.
 */
export async function recordingProxy(target: string): Promise<{
  url: string;
  paths: string[];
  close(): Promise<void>;
}> {
  const { createServer: createHttpServer, request: forward } = await import('node:http');
  const paths: string[] = [];
  const base = new URL(target);
  const server = createHttpServer((incoming, outgoing) => {
    paths.push(incoming.url ?? '');
    const upstream = forward(
      {
        host: base.hostname,
        port: base.port,
        method: incoming.method,
        path: `${base.pathname.replace(/\/+$/, '')}${incoming.url ?? ''}`,
        headers: { ...incoming.headers, host: base.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
