import { type DoctorSearchResult, doctorSearchMaxResults } from '@portal/contract';
import type { PrefixBranch, ReferrerLocationRow } from './referrers.repository.ts';
import type { ReferrerStore } from './referrers-store.ts';

/** A doctor at one practice location, in the directory's own words (the check-in names one). */
export interface Referrer {
  /** The practice location's id: what the doctor search answers and a check-in's `referrer` names. */
  id: string;
  firstName: string;
  lastName: string;
  providerNumber: string;
  practiceName: string | null;
  city: string;
  postalCode: string;
  state: string;
}

/** The longest search text the route accepts (a name, a provider number or a place is shorter). */
export const doctorSearchMaxLength = 100;

/**
 * Ranks of a row (lower first, spec 2 §5's doctor search as docs/product/referrers.md tells):
 * the text is the whole last name, name or provider number; then names starting with it; then
 * provider numbers; then the practice's city or postcode. Only when nothing starts with the
 * text: names like it (trigrams), most similar first.
 */
const rankOfBranch: Record<PrefixBranch, number> = {
  LAST_FIRST: 1,
  FIRST_LAST: 1,
  PROVIDER_NUMBER: 2,
  CITY: 3,
  POSTAL_CODE: 3,
};
const exactRank = 0;
const similarRank = 4;

/** LIKE's wildcards and its escape character, taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The text as searched: lowercased, commas ("last, first") and runs of spaces made one space,
 * and a leading title ("dr", "dr.") dropped when a name follows it.
 */
export function normaliseSearchText(text: string): string {
  const plain = text
    .toLowerCase()
    .replace(/[\s,]+/g, ' ')
    .trim();
  const untitled = plain.replace(/^dr\.? /, '');
  return untitled.length >= 2 ? untitled : plain;
}

export interface ReferrerService {
  /** At most doctorSearchMaxResults rows: one per doctor and practice location. */
  search(text: string): Promise<DoctorSearchResult[]>;
  findReferrer(id: string): Promise<Referrer | null>;
}

export function toReferrer(row: ReferrerLocationRow): Referrer {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    providerNumber: row.provider_number,
    practiceName: row.practice_name,
    city: row.city,
    postalCode: row.postal_code,
    state: row.state,
  };
}

function toSearchResult(referrer: Referrer): DoctorSearchResult {
  return {
    id: referrer.id,
    firstName: referrer.firstName,
    lastName: referrer.lastName,
    providerNumber: referrer.providerNumber,
    practiceName: referrer.practiceName,
    city: { name: referrer.city },
    postalCode: { code: referrer.postalCode },
  };
}

interface Ranked {
  referrer: Referrer;
  rank: number;
  /** Within a rank: more similar first (trigram rows only). */
  score: number;
}

const byName = (a: Referrer, b: Referrer) =>
  a.lastName.localeCompare(b.lastName, 'en-AU') ||
  a.firstName.localeCompare(b.firstName, 'en-AU') ||
  a.city.localeCompare(b.city, 'en-AU') ||
  a.providerNumber.localeCompare(b.providerNumber);

export function createReferrerService(deps: { store: ReferrerStore }): ReferrerService {
  const { store } = deps;
  return {
    async search(rawText) {
      const text = normaliseSearchText(rawText);
      const compact = text.replace(/ /g, '').toUpperCase();
      const hasLetters = /\p{L}/u.test(text);
      const pattern = `${escapeLike(text)}%`;
      const limit = doctorSearchMaxResults;
      const found = new Map<string, Ranked>();
      const keep = (referrer: Referrer, rank: number, score = 0) => {
        const current = found.get(referrer.id);
        if (!current || rank < current.rank) found.set(referrer.id, { referrer, rank, score });
      };
      const isExact = (referrer: Referrer) => {
        const last = referrer.lastName.toLowerCase();
        const first = referrer.firstName.toLowerCase();
        return (
          text === last ||
          text === `${first} ${last}` ||
          text === `${last} ${first}` ||
          compact === referrer.providerNumber
        );
      };
      const prefixRows = await store.findByPrefix({
        namePattern: hasLetters ? pattern : null,
        // A provider number starts with its 6-digit stem; a postcode is 4 digits.
        providerNumberPattern: /^\d[0-9A-Z]*$/.test(compact) ? `${escapeLike(compact)}%` : null,
        postalCodePattern: /^\d{1,4}$/.test(text) ? pattern : null,
        limit,
      });
      for (const row of prefixRows) {
        const referrer = toReferrer(row);
        keep(referrer, isExact(referrer) ? exactRank : rankOfBranch[row.branch]);
      }
      // Names like the text only when nothing starts with it: a typo still finds its doctor,
      // while "harriet quix" lists Harriet Quixley alone rather than every Harris after her.
      if (found.size === 0 && hasLetters) {
        const field = text.includes(' ') ? 'FULL_NAME' : 'LAST_NAME';
        for (const row of await store.findBySimilarity(text, field, limit)) {
          keep(toReferrer(row), similarRank, row.score);
        }
      }
      return [...found.values()]
        .sort((a, b) => a.rank - b.rank || b.score - a.score || byName(a.referrer, b.referrer))
        .slice(0, limit)
        .map((ranked) => toSearchResult(ranked.referrer));
    },

    async findReferrer(id) {
      const row = await store.findLocation(id);
      return row ? toReferrer(row) : null;
    },
  };
}
