import type { TestProject } from 'vitest/node';
import { type Portal, startPortal } from './support/portal.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    portalUrl: string;
  }
}

let portal: Portal | undefined;

/** One portal with the default demo provider, shared by the e2e files that need no special config. */
export async function setup(project: TestProject) {
  portal = await startPortal({ name: 'default' });
  project.provide('portalUrl', portal.url);
}

export async function teardown() {
  await portal?.stop();
}
