import { type DoctorSearchResult, doctorSearchMaxResults, errorCodes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bookAndSignIn,
  bookableExamWithStarts,
  providerWithPortal,
} from '../../../test/factories/patient-portal.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { withCheckCharacter } from '../../db/seed/demo-referrers.ts';
import { findReferrer, importReferrers } from './index.ts';

const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;
let owner: { bookingKey: string; cookie: string };
let other: { bookingKey: string; cookie: string };

// Test doctors with names the demo directory has none like, so what a search finds is known.
const harrietA = withCheckCharacter('4711231');
const harrietB = withCheckCharacter('471123A');
const header = 'firstName,lastName,providerNumber,practiceName,city,postcode,state';
const testDoctors = [
  header,
  `Harriet,Quixley,${harrietA},"Quixley, Marsh & Partners",Wollongbar,2477,NSW`,
  `Harriet,Quixley,${harrietB},Alstonville Family Practice,Alstonville,2477,NSW`,
  `Barnaby,Quixleyson,${withCheckCharacter('4711242')},,Lismore,2480,NSW`,
  `Zofie,Žabková,${withCheckCharacter('4711253')},,Ballina,2478,NSW`,
  // 30 doctors of one name: more than a search answers.
  ...Array.from(
    { length: 30 },
    (_, i) =>
      `Doctor${String(i).padStart(2, '0')},Testerman,${withCheckCharacter(`${480000 + i}1`)},,Casino,2470,NSW`,
  ),
].join('\n');

beforeAll(async () => {
  testApp = await buildTestApp({ clock, provider: providerWithPortal({}) });
  const imported = await importReferrers({ db: testApp.database.db, clock }, testDoctors);
  expect(imported).toMatchObject({ imported: true, problems: [] });
  const { exam, clinicSlug, starts } = await bookableExamWithStarts(testApp.app);
  owner = await bookAndSignIn(testApp.app, { examSlug: exam.slug, clinicSlug, start: starts[0]! });
  other = await bookAndSignIn(testApp.app, { examSlug: exam.slug, clinicSlug, start: starts[1]! });
});
afterAll(() => testApp?.close());

const search = (text: string, who = owner, bookingKey = owner.bookingKey) =>
  testApp.app.inject({
    method: 'GET',
    url: `/api/secured/appointments/${bookingKey}/doctor_search/${encodeURIComponent(text)}`,
    headers: { cookie: who.cookie },
  });

async function doctors(text: string): Promise<DoctorSearchResult[]> {
  const response = await search(text);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().doctors;
}

const names = (rows: DoctorSearchResult[]) => rows.map((row) => `${row.firstName} ${row.lastName}`);

describe('doctor search', () => {
  it('needs a session for that booking key', async () => {
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: `/api/secured/appointments/${owner.bookingKey}/doctor_search/quix`,
    });
    expect(anonymous.statusCode).toBe(401);
    const otherKey = await search('quix', other, owner.bookingKey);
    expect(otherKey.statusCode).toBe(401);
    expect((await search('quix', other, other.bookingKey)).statusCode).toBe(200);
  });

  it('answers 400 to fewer than 3 characters (after trimming) and to more than 100', async () => {
    for (const text of ['qu', '  qu  ', 'x'.repeat(101)]) {
      const response = await search(text);
      expect(response.statusCode, text).toBe(400);
      expect(response.json().error.code).toBe(errorCodes.validation);
    }
  });

  it('finds a doctor by the start of the last name, one row per practice location', async () => {
    const rows = await doctors('QUIX');
    expect(names(rows)).toEqual(['Harriet Quixley', 'Harriet Quixley', 'Barnaby Quixleyson']);
    expect(
      rows
        .map((row) => row.city.name)
        .slice(0, 2)
        .sort(),
    ).toEqual(['Alstonville', 'Wollongbar']);
    expect(new Set(rows.map((row) => row.id)).size).toBe(3);
    expect(rows[0]).toMatchObject({ postalCode: { code: '2477' } });
    const wollongbar = rows.find((row) => row.city.name === 'Wollongbar')!;
    expect(wollongbar).toMatchObject({
      providerNumber: harrietA,
      practiceName: 'Quixley, Marsh & Partners',
    });
  });

  it('ranks the whole last name before longer ones and finds by first name', async () => {
    expect(names(await doctors('quixley'))).toEqual([
      'Harriet Quixley',
      'Harriet Quixley',
      'Barnaby Quixleyson',
    ]);
    expect(names(await doctors('barn'))).toContain('Barnaby Quixleyson');
  });

  it('finds "first last" and "last, first"', async () => {
    expect(names(await doctors('harriet quix'))).toEqual(['Harriet Quixley', 'Harriet Quixley']);
    expect(names(await doctors('Quixley, Harriet'))).toEqual([
      'Harriet Quixley',
      'Harriet Quixley',
    ]);
    expect(names(await doctors('quixleyson, b'))[0]).toBe('Barnaby Quixleyson');
    expect(names(await doctors('Dr Quixleyson'))).toEqual(['Barnaby Quixleyson']);
  });

  it('finds a misspelt name by trigram similarity when no name starts with the text', async () => {
    expect(names(await doctors('quixly')).slice(0, 2)).toEqual([
      'Harriet Quixley',
      'Harriet Quixley',
    ]);
    expect(names(await doctors('harriet quicksley'))).toContain('Harriet Quixley');
  });

  it('finds by provider number prefix, the whole number first', async () => {
    const rows = await doctors(harrietB.slice(0, 5));
    expect(rows.map((row) => row.providerNumber)).toEqual(
      expect.arrayContaining([harrietA, harrietB]),
    );
    expect((await doctors(harrietB.toLowerCase()))[0]!.providerNumber).toBe(harrietB);
  });

  it("finds by the practice's city or postcode", async () => {
    expect(names(await doctors('wollong'))).toEqual(['Harriet Quixley']);
    expect(names(await doctors('2480'))).toEqual(['Barnaby Quixleyson']);
  });

  it('answers at most 20 rows', async () => {
    const rows = await doctors('testerman');
    expect(rows).toHaveLength(doctorSearchMaxResults);
    expect(rows[0]).toMatchObject({ firstName: 'Doctor00', lastName: 'Testerman' });
  });

  it('finds the demo directory\'s doctors ("smith", "nguyen")', async () => {
    for (const name of ['Smith', 'Nguyen']) {
      const rows = await doctors(name.toLowerCase());
      expect(rows.length).toBeGreaterThanOrEqual(5);
      expect(rows.slice(0, 5).every((row) => row.lastName === name)).toBe(true);
    }
  });

  it('takes odd input literally: no error, and no wildcard matching everything', async () => {
    for (const text of [
      '%%%',
      '___',
      '%_%',
      'q%x',
      '\\\\\\',
      "'; drop table referrers; --",
      '"""',
    ]) {
      expect(await doctors(text), text).toEqual([]);
    }
    expect(names(await doctors('Žabk'))).toEqual(['Zofie Žabková']);
    expect(await doctors('🙂🙂🙂')).toEqual([]);
    expect(await doctors('x'.repeat(100))).toEqual([]);
    // An underscore is no wildcard: 'quixle_' is the misspelt 'quixle' to the trigrams.
    expect(names(await doctors('quixle_')).every((name) => name.includes('Quixley'))).toBe(true);
  });
});

it('is in the OpenAPI document', async () => {
  const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const operation = document.paths['/api/secured/appointments/{bookingKey}/doctor_search/{text}'];
  expect(operation?.get?.tags).toEqual(['check-in']);
  expect(Object.keys(operation.get.responses)).toEqual(
    expect.arrayContaining(['200', '400', '401']),
  );
});

describe('findReferrer', () => {
  it('reads a doctor at a practice location by the search row id, null when unknown', async () => {
    const [row] = await doctors('wollongbar');
    expect(await findReferrer(testApp.database.db, row!.id)).toEqual({
      id: row!.id,
      firstName: 'Harriet',
      lastName: 'Quixley',
      providerNumber: harrietA,
      practiceName: 'Quixley, Marsh & Partners',
      city: 'Wollongbar',
      postalCode: '2477',
      state: 'NSW',
    });
    expect(
      await findReferrer(testApp.database.db, '00000000-0000-4000-8000-000000000000'),
    ).toBeNull();
  });
});
