import { isValidProviderNumber } from '@portal/contract';
import { saveReferrerDirectory } from '../../modules/referrers/index.ts';
import type { Db } from '../database.ts';
import { demoPostalCodes } from './demo-places.ts';

/**
 * The demo provider's referrer directory (docs/product/referrers.md#demo): 300 fictional doctors
 * at 400 practice locations in the demo clinics' suburbs. Their provider numbers are valid by the
 * check character rule (so the check-in form accepts them); being made up, one may equal a real
 * doctor's number, with another name.
 */

/** Surnames common in Australia, so a demo search for "smith" or "nguyen" finds several. */
export const demoReferrerLastNames = [
  'Smith',
  'Nguyen',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Johnson',
  'White',
  'Martin',
  'Anderson',
  'Thompson',
  'Tran',
  'Lee',
  'Walker',
  'Harris',
  'Ryan',
  'Robinson',
  'Kelly',
  'King',
  'Patel',
  'Singh',
  'Chen',
  'Wang',
  'Li',
  'Kumar',
  'Davies',
  'Murphy',
  "O'Brien",
  'Papadopoulos',
  'Rossi',
  'Kowalski',
  'Van der Berg',
  'Campbell',
  'Stewart',
  'Mitchell',
  'Clarke',
  'Young',
  'Wright',
  'Scott',
  'Hughes',
  'Edwards',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Lewis',
  'Morris',
  'Baker',
  'Cooper',
  'Ward',
  'Watson',
  'Phillips',
  'Turner',
  'Pham',
  'Le',
  'Huang',
  'Zhang',
  'Sharma',
  'Ahmed',
];

export const demoReferrerFirstNames = [
  'Sarah',
  'Minh',
  'James',
  'Olivia',
  'William',
  'Charlotte',
  'Jack',
  'Amelia',
  'Thomas',
  'Isla',
  'Noah',
  'Mia',
  'Oliver',
  'Grace',
  'Lucas',
  'Chloe',
  'Henry',
  'Emily',
  'Daniel',
  'Sophie',
  'Matthew',
  'Hannah',
  'Samuel',
  'Zoe',
  'Benjamin',
  'Ruby',
  'David',
  'Priya',
  'Michael',
  'Mei',
  'Andrew',
  'Aisha',
  'Peter',
  'Elena',
  'Raj',
  'Anh',
  'Joseph',
  'Lauren',
  'Christopher',
  'Rebecca',
  'Nicholas',
  'Jessica',
  'Ahmed',
  'Fatima',
  'George',
  'Helen',
  'Liam',
  'Kate',
  'Hugo',
  'Lily',
];

const practiceKinds = [
  'Medical Centre',
  'Family Practice',
  'General Practice',
  'Specialist Rooms',
  'Health Clinic',
];
/** The seventh character's values (contract/medicare.ts): I, O, S and Z are never used. */
const locationCharacters = '0123456789ABCDEFGHJKLMNPQRTUVWXY';

/** The stem and location character completed with the one check character the rule accepts. */
export function withCheckCharacter(stemAndLocation: string): string {
  for (const check of 'YXWTLKJHFBA') {
    if (isValidProviderNumber(`${stemAndLocation}${check}`)) return `${stemAndLocation}${check}`;
  }
  throw new Error(`No check character for ${stemAndLocation}`);
}

export interface DemoReferrer {
  providerStem: string;
  firstName: string;
  lastName: string;
  locations: Array<{
    providerNumber: string;
    practiceName: string;
    city: string;
    postalCode: string;
    state: string;
  }>;
}

export const demoReferrerCount = 300;

/** The same doctors on every run: everything follows from the doctor's index. */
export function planDemoReferrers(): DemoReferrer[] {
  const lastNames = demoReferrerLastNames.length;
  return Array.from({ length: demoReferrerCount }, (_, i) => {
    const providerStem = String(204_000 + i * 37).padStart(6, '0');
    const locationCount = i % 3 === 0 ? 2 : 1;
    return {
      providerStem,
      lastName: demoReferrerLastNames[i % lastNames]!,
      firstName:
        demoReferrerFirstNames[
          (i * 7 + Math.floor(i / lastNames)) % demoReferrerFirstNames.length
        ]!,
      locations: Array.from({ length: locationCount }, (_, k) => {
        const place = demoPostalCodes[(i * 5 + k * 11) % demoPostalCodes.length]!;
        const location = locationCharacters[(i + k * 9) % locationCharacters.length]!;
        return {
          providerNumber: withCheckCharacter(`${providerStem}${location}`),
          practiceName: `${place.suburb} ${practiceKinds[(i + k) % practiceKinds.length]}`,
          city: place.suburb,
          postalCode: place.code,
          state: place.state,
        };
      }),
    };
  });
}

/** Adds the demo doctors through the directory's own save; idempotent. */
export function seedDemoReferrers(db: Db, now: Date): Promise<void> {
  return saveReferrerDirectory(
    db,
    planDemoReferrers().flatMap(({ locations, ...referrer }) =>
      locations.map((location) => ({ ...referrer, ...location })),
    ),
    now,
  );
}
