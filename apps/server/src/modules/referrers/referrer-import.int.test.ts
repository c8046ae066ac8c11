import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { fixedClock } from '../../adapters/clock.ts';
import type { DatabaseHandle } from '../../db/create-db.ts';
import { withCheckCharacter } from '../../db/seed/demo-referrers.ts';
import { countReferrerDirectory, findReferrer, importReferrers } from './index.ts';

const clock = fixedClock('2026-03-02T00:00:00Z');
const header = 'firstName,lastName,providerNumber,practiceName,city,postcode,state';
// Stems 49xxxx: none of the demo directory's (204000-215063).
const penny = withCheckCharacter('4901011');
const pennyB = withCheckCharacter('490101B');
const omar = withCheckCharacter('4901022');

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const run = (csv: string, options: { skipInvalid?: boolean } = {}) =>
  importReferrers({ db: database.db, clock }, csv, options);

async function locationOf(providerNumber: string) {
  return database.db
    .selectFrom('referrer_locations')
    .innerJoin('referrers', 'referrers.id', 'referrer_locations.referrer_id')
    .select(['referrer_locations.id', 'first_name', 'last_name', 'practice_name', 'city'])
    .where('provider_number', '=', providerNumber)
    .executeTakeFirst();
}

describe('referrer CSV import', () => {
  it('imports quoted fields, a BOM and CRLF line ends; a doctor at two practices is one doctor', async () => {
    const before = await countReferrerDirectory(database.db);
    const csv = `\uFEFF${[
      header,
      `Penny,Farthing,${penny},"Farthing, Wheel & Co",Bathurst,2795,nsw`,
      `Penny,Farthing,${pennyB.slice(0, 4)} ${pennyB.slice(4)},,Orange,2800,NSW`,
      `Omar,"El-Masri",${omar},"The ""Corner"" Surgery",Dubbo,2830,NSW`,
    ].join('\r\n')}\r\n`;
    expect(await run(csv)).toEqual({
      rows: 3,
      problems: [],
      imported: true,
      referrers: { inserted: 2, updated: 0 },
      locations: { inserted: 3, updated: 0 },
    });
    expect(await countReferrerDirectory(database.db)).toEqual({
      referrers: before.referrers + 2,
      locations: before.locations + 3,
    });
    expect(await locationOf(penny)).toMatchObject({
      first_name: 'Penny',
      practice_name: 'Farthing, Wheel & Co',
      city: 'Bathurst',
    });
    expect(await locationOf(pennyB)).toMatchObject({ practice_name: null, city: 'Orange' });
    expect(await locationOf(omar)).toMatchObject({ practice_name: 'The "Corner" Surgery' });
    const stored = await findReferrer(database.db, (await locationOf(penny))!.id);
    expect(stored).toMatchObject({ state: 'NSW', postalCode: '2795', providerNumber: penny });
  });

  it('updates by provider number on a second import and adds nothing twice', async () => {
    const before = await countReferrerDirectory(database.db);
    const idBefore = (await locationOf(penny))!.id;
    const csv = [
      header,
      `Penelope,Farthing,${penny},Farthing Family Practice,Bathurst,2795,NSW`,
      `Penelope,Farthing,${pennyB},,Orange,2800,NSW`,
      `Omar,El-Masri,${omar},"The ""Corner"" Surgery",Dubbo,2830,NSW`,
    ].join('\n');
    expect(await run(csv)).toMatchObject({
      imported: true,
      referrers: { inserted: 0, updated: 1 },
      locations: { inserted: 0, updated: 1 },
    });
    expect(await countReferrerDirectory(database.db)).toEqual(before);
    expect(await locationOf(penny)).toMatchObject({
      id: idBefore,
      first_name: 'Penelope',
      practice_name: 'Farthing Family Practice',
    });
    expect(await run(csv)).toMatchObject({
      referrers: { inserted: 0, updated: 0 },
      locations: { inserted: 0, updated: 0 },
    });
  });

  it('refuses a file with bad rows as a whole, naming each bad line', async () => {
    const before = await countReferrerDirectory(database.db);
    const good = withCheckCharacter('4902031');
    const wrongCheck = `${good.slice(0, 7)}${good.endsWith('A') ? 'B' : 'A'}`;
    const csv = [
      header,
      `Ada,Goodrow,${good},,Bathurst,2795,NSW`,
      `Bea,Badcheck,${wrongCheck},,Bathurst,2795,NSW`,
      `,Nofirst,${withCheckCharacter('4902042')},,Bathurst,2795,NSW`,
      `Cy,Shortcode,${withCheckCharacter('4902053')},,Bathurst,279,NSW`,
      `Di,Nostate,${withCheckCharacter('4902064')},,Bathurst,2795,XYZ`,
      `Ed,Twice,${good},,Bathurst,2795,NSW`,
      `Fay,Fewfields,${withCheckCharacter('4902075')}`,
    ].join('\n');
    const result = await run(csv);
    expect(result.imported).toBe(false);
    expect(result.rows).toBe(7);
    expect(result.problems.map((problem) => problem.line)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(result.problems[0]!.messages[0]).toMatch(/not a valid provider number/);
    expect(result.problems[1]!.messages).toEqual(['firstName is required']);
    expect(result.problems[2]!.messages).toEqual(['postcode must be 4 digits']);
    expect(result.problems[3]!.messages[0]).toMatch(/^state must be one of/);
    expect(result.problems[4]!.messages[0]).toMatch(/also on line 2/);
    expect(result.problems[5]!.messages[0]).toMatch(/has 3 fields/);
    expect(await countReferrerDirectory(database.db)).toEqual(before);
    expect(await locationOf(good)).toBeUndefined();

    const skipping = await run(csv, { skipInvalid: true });
    expect(skipping).toMatchObject({ imported: true, locations: { inserted: 1, updated: 0 } });
    expect(await locationOf(good)).toMatchObject({ last_name: 'Goodrow' });
  });

  it('says what is wrong with a header, an empty file and a file that is not CSV', async () => {
    expect((await run('firstName,lastName,providerNo\n')).problems).toEqual([
      {
        line: 1,
        messages: [
          'unknown column "providerNo"',
          'missing column(s): providerNumber, practiceName, city, postcode, state',
        ],
      },
    ]);
    expect((await run('')).problems).toEqual([{ line: 1, messages: ['the file is empty'] }]);
    const unreadable = await run(`${header}\nAl,"Open,${penny},,Bathurst,2795,NSW\n`);
    expect(unreadable.imported).toBe(false);
    expect(unreadable.problems[0]!.messages[0]).toMatch(/^not readable as CSV/);
  });
});

describe('npm run referrers -- import', () => {
  const serverDir = fileURLToPath(new URL('../../../', import.meta.url));
  let dir: string;
  let cli: DatabaseHandle & { url: string | null };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'referrers-cli-'));
    // The CLI opens DATA_DIR/pglite, or DATABASE_URL on PostgreSQL: a copy of the template there.
    cli = await createTestDatabase({ dataDir: join(dir, 'pglite') });
    // PGlite: closed, so the CLI's process may open the files. PostgreSQL: closing drops the copy.
    if (!cli.url) await cli.close();
  });
  afterAll(async () => {
    if (cli?.url) await cli.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const importFile = async (csv: string) => {
    const file = join(dir, 'referrers.csv');
    writeFileSync(file, csv);
    return promisify(execFile)(
      'node',
      ['--import', 'tsx', 'src/cli/referrers.ts', 'import', file],
      {
        cwd: serverDir,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATA_DIR: dir,
          DEMO: 'false',
          // A port nothing answers on: the CLI asks the portal's /healthz before opening PGlite.
          PORT: '1',
          ...(cli.url ? { DATABASE_URL: cli.url } : {}),
        },
      },
    ).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  };

  it('imports a good file and refuses a bad one with its line numbers and exit code 1', async () => {
    const good = await importFile(`${header}\nPenny,Farthing,${penny},,Bathurst,2795,NSW\n`);
    expect(good.stderr).toBe('');
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(/doctors 1 new, 0 updated; practice locations 1 new/);
    const bad = await importFile(`${header}\nPenny,Farthing,${penny},,Bathurst,27950,NSW\n`);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/line 2: postcode must be 4 digits/);
    expect(bad.stderr).toMatch(/Nothing imported/);
  }, 60_000);
});
