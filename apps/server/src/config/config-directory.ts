import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';

export interface ConfigDirectoryFile<T> {
  /** As the operator names it in messages: config/<folder>/<file>.json */
  file: string;
  config: T;
}

/**
 * Reads config/<folder>/*.json in name order, each checked against `schema`: the files that
 * parse, and a problem line per file that does not (bad JSON, or each schema issue with its
 * path). A missing folder is no files. Callers add their own cross-file checks to the
 * problems, then throw ProviderConfigError so the server does not start half-configured
 * (questionnaires and consent forms both live in such a folder).
 */
export function readConfigDirectory<S extends z.ZodType>(
  configDir: string,
  folder: string,
  schema: S,
): { files: ConfigDirectoryFile<z.infer<S>>[]; problems: string[] } {
  const dir = join(configDir, folder);
  const files: ConfigDirectoryFile<z.infer<S>>[] = [];
  const problems: string[] = [];
  if (!existsSync(dir)) return { files, problems };
  for (const fileName of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const file = `config/${folder}/${fileName}`;
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(join(dir, fileName), 'utf8'));
    } catch (error) {
      problems.push(`${file}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    const result = schema.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push(`${file}: ${issue.path.join('.') || '(file)'}: ${issue.message}`);
      }
      continue;
    }
    files.push({ file, config: result.data });
  }
  return { files, problems };
}
