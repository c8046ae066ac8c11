import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type Portal, startPortal } from './support/portal.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared demo portals, one per e2e worker (sharedPortalUrl in support/suite.ts). */
    portalUrls: string[];
    /** A demo database the files' own portals start from (startPortal's `template`). */
    portalTemplate: string;
  }
}

let portals: Portal[] = [];
let templateDir: string | undefined;

/**
 * A seeded demo database, made once by a portal that is then stopped (so the copies are of a
 * closed database), and portals on copies of it with the default demo provider, shared by the
 * e2e files that need no special config: one per worker, so two files running at once never
 * share a portal's outbox, slots or attempt counters.
 */
export async function setup(project: TestProject) {
  templateDir = mkdtempSync(join(tmpdir(), 'portal-e2e-template-'));
  const template = join(templateDir, 'data');
  const seeding = await startPortal({ name: 'template', env: { DATA_DIR: template } });
  await seeding.stop();
  portals = await Promise.all(
    // As many as the e2e project runs files at once (the root maxWorkers in vitest.config.ts).
    Array.from({ length: Math.max(1, project.globalConfig.maxWorkers || 1) }, (_, index) =>
      startPortal({ name: `default-${index + 1}` }, { template }),
    ),
  );
  project.provide(
    'portalUrls',
    portals.map((portal) => portal.url),
  );
  project.provide('portalTemplate', template);
}

export async function teardown() {
  await Promise.all(portals.map((portal) => portal.stop()));
  if (templateDir) rmSync(templateDir, { recursive: true, force: true });
}
