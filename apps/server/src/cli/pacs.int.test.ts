import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrthanc, type TestOrthanc } from '../../test/orthanc.ts';
import { createPacsClient } from '../adapters/pacs.ts';

/** `npm run pacs -- load-demo-studies` and `find` against a real Orthanc (STOW-RS, QIDO-RS). */
let orthanc: TestOrthanc;
beforeAll(async () => {
  orthanc = await startOrthanc();
}, 90_000);
afterAll(() => orthanc?.stop());

const cli = (args: string[], env: Record<string, string>) =>
  promisify(execFile)('node', ['--import', 'tsx', 'src/cli/pacs.ts', ...args], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  });

describe('npm run pacs', () => {
  it('stores the demo studies with STOW-RS, and finds them as the portal does', async () => {
    const env = {
      PACS_DICOMWEB_URL: orthanc.dicomWebUrl,
      PACS_USERNAME: orthanc.username,
      PACS_PASSWORD: orthanc.password,
    };
    const loaded = await cli(['load-demo-studies'], env);
    expect(loaded.stdout).toContain('Stored DEMO-CT-0001');
    expect(loaded.stdout).toContain('Stored DEMO-MR-0002');
    const pacs = createPacsClient({
      ...env,
      url: orthanc.dicomWebUrl,
      username: orthanc.username,
      password: orthanc.password,
      timeoutMs: 5000,
    });
    const [study] = await pacs.studiesByAccession('DEMO-MR-0002');
    expect((await pacs.instances(study?.studyInstanceUid ?? '')).length).toBe(7);
    // Loading again stores the same instances (UIDs derived from names), not copies.
    await cli(['load-demo-studies'], env);
    expect((await pacs.instances(study?.studyInstanceUid ?? '')).length).toBe(7);
    const found = await cli(['find', 'DEMO-CT-0001'], env);
    expect(found.stdout).toMatch(/^DEMO-CT-0001 {2}2026-01-01 {2}CT .*\(1 series/);
  }, 60_000);

  it('says what is missing without PACS_DICOMWEB_URL', async () => {
    const refused = await cli(['load-demo-studies'], { PACS_DICOMWEB_URL: '' }).catch(
      (error) => error,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('PACS_DICOMWEB_URL is not set');
  });
});
