import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.ts';

/** The portal's version: the root package.json's, shown in the footer when enabled. */
export function readAppVersion(): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    version?: string;
  };
  return manifest.version ?? '0.0.0';
}
