import { describe, expect, it } from 'vitest';
import type { PrefixQuery, ReferrerLocationRow } from './referrers.repository.ts';
import { createReferrerService, normaliseSearchText } from './referrers.service.ts';
import type { ReferrerStore } from './referrers-store.ts';

const row = (id: string, firstName: string, lastName: string): ReferrerLocationRow => ({
  id,
  first_name: firstName,
  last_name: lastName,
  provider_number: `20400${id}0K`,
  practice_name: null,
  city: 'Sydney',
  postal_code: '2000',
  state: 'NSW',
});

/** A store answering fixed rows, recording what the service asked. */
function fakeStore(prefixRows: Awaited<ReturnType<ReferrerStore['findByPrefix']>>) {
  const asked: { prefix: PrefixQuery[]; similar: Array<[string, string]> } = {
    prefix: [],
    similar: [],
  };
  const store = {
    findByPrefix: async (query: PrefixQuery) => {
      asked.prefix.push(query);
      return prefixRows;
    },
    findBySimilarity: async (text: string, field: string) => {
      asked.similar.push([text, field]);
      return [{ ...row('9', 'Sam', 'Smyth'), score: 0.4 }];
    },
  } as unknown as ReferrerStore;
  return { store, asked };
}

describe('normaliseSearchText', () => {
  it('lowercases, makes commas and spaces one space, and drops a leading title', () => {
    expect(normaliseSearchText('  Smith,   Sarah ')).toBe('smith sarah');
    expect(normaliseSearchText('Dr. Nguyen')).toBe('nguyen');
    expect(normaliseSearchText('dr smith')).toBe('smith');
    // "Drew" is a name, not a title; "dr x" keeps its title rather than search for one letter.
    expect(normaliseSearchText('Drew')).toBe('drew');
    expect(normaliseSearchText('dr x')).toBe('dr x');
  });
});

describe('search', () => {
  it('escapes LIKE wildcards and picks the branches the text can match', async () => {
    const { store, asked } = fakeStore([]);
    await createReferrerService({ store }).search('50%_\\x');
    expect(asked.prefix[0]).toMatchObject({
      namePattern: '50\\%\\_\\\\x%',
      providerNumberPattern: null,
      postalCodePattern: null,
    });
    await createReferrerService({ store }).search('2150');
    expect(asked.prefix[1]).toMatchObject({
      namePattern: null,
      providerNumberPattern: '2150%',
      postalCodePattern: '2150%',
    });
  });

  it('ranks exact names first and keeps a location found twice once', async () => {
    const { store, asked } = fakeStore([
      { ...row('1', 'Ann', 'Smithers'), branch: 'LAST_FIRST' },
      { ...row('2', 'Zoe', 'Smith'), branch: 'LAST_FIRST' },
      { ...row('2', 'Zoe', 'Smith'), branch: 'FIRST_LAST' },
      { ...row('3', 'Bob', 'Smithson'), branch: 'CITY' },
    ]);
    const found = await createReferrerService({ store }).search('smith');
    expect(found.map((doctor) => doctor.lastName)).toEqual(['Smith', 'Smithers', 'Smithson']);
    expect(asked.similar).toEqual([]);
  });

  it('asks for similar names only when nothing starts with the text, by the right index', async () => {
    const { store, asked } = fakeStore([]);
    const service = createReferrerService({ store });
    expect((await service.search('smiht')).map((doctor) => doctor.lastName)).toEqual(['Smyth']);
    await service.search('sam smiht');
    expect(asked.similar).toEqual([
      ['smiht', 'LAST_NAME'],
      ['sam smiht', 'FULL_NAME'],
    ]);
    await service.search('2150');
    expect(asked.similar).toHaveLength(2);
  });
});
