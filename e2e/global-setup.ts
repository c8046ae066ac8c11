import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type Portal, startPortal } from './support/portal.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    portalUrl: string;
    /** A demo database the files' own portals start from (startPortal's `template`). */
    portalTemplate: string;
  }
}

let portal: Portal | undefined;
let templateDir: string | undefined;

/**
 * A seeded demo database, made once by a portal that is then stopped (so the copies are of a
 * closed database), and one portal on a copy of it with the default demo provider, shared by
 * the e2e files that need no special config.
 */
export async function setup(project: TestProject) {
  templateDir = mkdtempSync(join(tmpdir(), 'portal-e2e-template-'));
  const template = join(templateDir, 'data');
  const seeding = await startPortal({ name: 'template', env: { DATA_DIR: template } });
  await seeding.stop();
  portal = await startPortal({ name: 'default' }, { template });
  project.provide('portalUrl', portal.url);
  project.provide('portalTemplate', template);
}

export async function teardown() {
  await portal?.stop();
  if (templateDir) rmSync(templateDir, { recursive: true, force: true });
}
