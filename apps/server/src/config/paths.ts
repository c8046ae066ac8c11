import { fileURLToPath } from 'node:url';

/** The repository root (apps/server/src/config -> four levels up); defaults hang off it. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url)).replace(/\/$/, '');
