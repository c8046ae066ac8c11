import { isValidProviderNumber, normaliseProviderNumber } from '@portal/contract';
import { CsvError, parse } from 'csv-parse/sync';
import type { Clock } from '../../adapters/clock.ts';
import type { LocationUpsert, ReferrerUpsert, UpsertCounts } from './referrers.repository.ts';
import type { ReferrerStore } from './referrers-store.ts';

/**
 * The referrer directory's CSV import (docs/product/referrers.md#import): one row per doctor and
 * practice location, under a header naming these columns in any order.
 */
export const referrerCsvColumns = [
  'firstName',
  'lastName',
  'providerNumber',
  'practiceName',
  'city',
  'postcode',
  'state',
] as const;
type Column = (typeof referrerCsvColumns)[number];

const australianStates = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
const maxLengths = { firstName: 60, lastName: 60, practiceName: 120, city: 60 } as const;
// Control characters have no place in a name and would garble a terminal or a log line.
const controlCharacter = /\p{Cc}/u;

/** A row that cannot be imported: its line in the file (the header is line 1) and why. */
export interface ImportProblem {
  line: number;
  messages: string[];
}

interface ValidRow extends DirectoryRow {
  line: number;
}

export interface ParsedReferrerCsv {
  rows: ValidRow[];
  problems: ImportProblem[];
}

function checkText(column: keyof typeof maxLengths, value: string, required: boolean) {
  if (value === '') return required ? `${column} is required` : null;
  if (value.length > maxLengths[column]) return `${column} is longer than ${maxLengths[column]}`;
  return controlCharacter.test(value) ? `${column} has a control character` : null;
}

function checkRow(values: Record<Column, string>): string[] {
  const messages = [
    checkText('firstName', values.firstName, true),
    checkText('lastName', values.lastName, true),
    checkText('practiceName', values.practiceName, false),
    checkText('city', values.city, true),
  ].filter((message): message is string => message !== null);
  if (!isValidProviderNumber(values.providerNumber)) {
    messages.push(
      values.providerNumber === ''
        ? 'providerNumber is required'
        : `providerNumber ${JSON.stringify(values.providerNumber)} is not a valid provider number (stem, location character and check character)`,
    );
  }
  if (!/^\d{4}$/.test(values.postcode)) messages.push('postcode must be 4 digits');
  if (!(australianStates as readonly string[]).includes(values.state.toUpperCase())) {
    messages.push(`state must be one of ${australianStates.join(', ')}`);
  }
  return messages;
}

/** Reads the header into column positions, or says what is wrong with it. */
function readHeader(header: string[]): Map<Column, number> | string[] {
  const positions = new Map<Column, number>();
  const messages: string[] = [];
  header.forEach((name, index) => {
    const column = referrerCsvColumns.find((known) => known.toLowerCase() === name.toLowerCase());
    if (!column) messages.push(`unknown column ${JSON.stringify(name)}`);
    else if (positions.has(column)) messages.push(`column ${column} appears twice`);
    else positions.set(column, index);
  });
  const missing = referrerCsvColumns.filter((column) => !positions.has(column));
  if (missing.length > 0) messages.push(`missing column(s): ${missing.join(', ')}`);
  return messages.length > 0 ? messages : positions;
}

/** Parses and checks every row; nothing is written here. */
export function parseReferrerCsv(text: string): ParsedReferrerCsv {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // With `info`, each record comes with the line it ends on (the types leave that out).
    records = parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      return {
        rows: [],
        problems: [{ line, messages: [`not readable as CSV: ${error.message}`] }],
      };
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return { rows: [], problems: [{ line: 1, messages: ['the file is empty'] }] };
  const positions = readHeader(header.record);
  if (Array.isArray(positions)) return { rows: [], problems: [{ line: 1, messages: positions }] };

  const rows: ValidRow[] = [];
  const problems: ImportProblem[] = [];
  const lineOfNumber = new Map<string, number>();
  const namesOfStem = new Map<string, { line: number; name: string }>();
  for (const { record, info } of body) {
    const line = info.lines;
    if (record.length !== header.record.length) {
      problems.push({
        line,
        messages: [`has ${record.length} fields, the header ${header.record.length}`],
      });
      continue;
    }
    const values = Object.fromEntries(
      referrerCsvColumns.map((column) => [column, record[positions.get(column)!] ?? '']),
    ) as Record<Column, string>;
    const messages = checkRow(values);
    const providerNumber = normaliseProviderNumber(values.providerNumber);
    const providerStem = providerNumber.slice(0, 6);
    const name = `${values.firstName} ${values.lastName}`;
    if (messages.length === 0) {
      const earlier = lineOfNumber.get(providerNumber);
      if (earlier !== undefined)
        messages.push(`provider number ${providerNumber} is also on line ${earlier}`);
      const sameStem = namesOfStem.get(providerStem);
      // The stem is the practitioner's: two names for one stem is a mistake in the file.
      if (sameStem && sameStem.name !== name) {
        messages.push(
          `provider stem ${providerStem} is line ${sameStem.line}'s doctor, with another name`,
        );
      }
    }
    if (messages.length > 0) {
      problems.push({ line, messages });
      continue;
    }
    lineOfNumber.set(providerNumber, line);
    if (!namesOfStem.has(providerStem)) namesOfStem.set(providerStem, { line, name });
    rows.push({
      line,
      providerStem,
      providerNumber,
      firstName: values.firstName,
      lastName: values.lastName,
      practiceName: values.practiceName === '' ? null : values.practiceName,
      city: values.city,
      postalCode: values.postcode,
      state: values.state.toUpperCase(),
    });
  }
  return { rows, problems };
}

export interface ReferrerImportResult {
  /** Data rows read (not the header). */
  rows: number;
  problems: ImportProblem[];
  /** False when problems stopped the whole file (the default) or nothing was valid. */
  imported: boolean;
  referrers: UpsertCounts;
  locations: UpsertCounts;
}

/**
 * Imports a file in one transaction: all of it or, when any row has a problem, none of it
 * unless `skipInvalid` (then the valid rows). Doctors are matched by provider stem, locations by
 * provider number, so importing a file again updates names and practices and adds nothing twice.
 */
export async function importReferrerCsv(
  deps: { store: ReferrerStore; clock: Clock },
  text: string,
  options: { skipInvalid?: boolean } = {},
): Promise<ReferrerImportResult> {
  const { rows, problems } = parseReferrerCsv(text);
  const none = { inserted: 0, updated: 0 };
  const rowCount = rows.length + problems.filter((problem) => problem.line > 1).length;
  const result = { rows: rowCount, problems, imported: false, referrers: none, locations: none };
  if (rows.length === 0 || (problems.length > 0 && !options.skipInvalid)) return result;
  const saved = await saveDirectoryRows(deps.store, rows, deps.clock.now());
  return { ...result, imported: true, ...saved };
}

/** One row of the directory as the import and the demo seed save it: a doctor at a practice. */
export type DirectoryRow = ReferrerUpsert & LocationUpsert;

/**
 * Saves doctors (by provider stem) and their practice locations (by provider number) in one
 * transaction, updating what changed; an unchanged row is left alone and not counted.
 */
export function saveDirectoryRows(
  store: ReferrerStore,
  rows: readonly DirectoryRow[],
  now: Date,
): Promise<{ referrers: UpsertCounts; locations: UpsertCounts }> {
  return store.transaction(async (tx) => {
    const doctors = new Map(rows.map((row) => [row.providerStem, row]));
    const referrers = await tx.upsertReferrers([...doctors.values()], now);
    const locations = await tx.upsertLocations(
      rows.map((row) => ({ ...row, referrerId: referrers.idsByStem.get(row.providerStem)! })),
      now,
    );
    return { referrers: { inserted: referrers.inserted, updated: referrers.updated }, locations };
  });
}
