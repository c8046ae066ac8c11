import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { systemClock } from '../adapters/clock.ts';
import {
  countReferrerDirectory,
  importReferrers,
  type ReferrerImportResult,
  referrerCsvColumns,
} from '../modules/referrers/index.ts';
import { openCliDatabase } from './cli-database.ts';
import { cliEnv } from './cli-env.ts';

/**
 * `npm run referrers -- import <file.csv> [--skip-invalid]`: loads the referrer directory the
 * check-in's doctor search reads (docs/product/referrers.md#import). Every row is checked first;
 * by default a file with any bad row imports nothing. Doctors are matched by provider stem and
 * locations by provider number, so a file imported again updates rather than duplicates.
 */
const usage = `Usage: npm run referrers -- import <file.csv> [--skip-invalid]
The file's header names the columns ${referrerCsvColumns.join(',')}.`;

/** More problems than this are counted, not listed: a wrong file would flood the terminal. */
const problemsShown = 50;

function report(result: ReferrerImportResult, skipInvalid: boolean) {
  for (const problem of result.problems.slice(0, problemsShown)) {
    console.error(`line ${problem.line}: ${problem.messages.join('; ')}`);
  }
  if (result.problems.length > problemsShown) {
    console.error(`... and ${result.problems.length - problemsShown} more lines with problems.`);
  }
  if (!result.imported) {
    console.error(
      result.problems.length > 0
        ? `Nothing imported: ${result.problems.length} of the file's lines have problems${skipInvalid ? '' : ' (fix them, or import the others with --skip-invalid)'}.`
        : 'Nothing imported: the file has no rows.',
    );
    return;
  }
  const { referrers, locations } = result;
  console.log(
    `Imported ${result.rows - result.problems.length} rows${result.problems.length > 0 ? ` (${result.problems.length} skipped)` : ''}: doctors ${referrers.inserted} new, ${referrers.updated} updated; practice locations ${locations.inserted} new, ${locations.updated} updated; the rest unchanged.`,
  );
}

async function main(args: string[]): Promise<number> {
  const skipInvalid = args.includes('--skip-invalid');
  const [command, file, ...rest] = args.filter((arg) => arg !== '--skip-invalid');
  if (command !== 'import' || !file || rest.length > 0) {
    console.error(usage);
    return 2;
  }
  // npm runs the script in apps/server; a relative path is the operator's, from where they typed.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  let csv: string;
  try {
    csv = readFileSync(path, 'utf8');
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  const env = cliEnv();
  if (!env) return 1;
  const handle = await openCliDatabase(env);
  if (!handle) return 1;
  try {
    const result = await importReferrers({ db: handle.db, clock: systemClock }, csv, {
      skipInvalid,
    });
    report(result, skipInvalid);
    const total = await countReferrerDirectory(handle.db);
    console.log(
      `The directory holds ${total.referrers} doctors at ${total.locations} practice locations.`,
    );
    return result.imported && (result.problems.length === 0 || skipInvalid) ? 0 : 1;
  } finally {
    await handle.close();
  }
}

// `npm run referrers -- import x.csv` reaches here as positionals (npm keeps no `--` across workspaces).
process.exitCode = await main(process.argv.slice(2));
