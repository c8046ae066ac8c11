import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Questionnaire } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { reserveBookingKey } from '../../../test/factories/booking.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { createLocalStorage } from '../../adapters/storage.ts';
import { createBookingCleanup } from '../booking/index.ts';

const clock = fixedClock('2026-03-02T00:00:00Z');
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ clock, questionnaires: true });
});
afterAll(() => testApp?.close());

async function answerContrastAllergy(key: string) {
  const list = await testApp.app.inject({
    method: 'GET',
    url: `/api/booking-keys/${key}/questionnaires?examSlugs=ct-chest`,
  });
  const contrast = (list.json().questionnaires as Questionnaire[]).find(
    (q) => q.slug === 'ct-contrast',
  )!;
  const saved = await testApp.app.inject({
    method: 'POST',
    url: `/api/booking-keys/${key}/questionnaire-answers`,
    payload: {
      questionnaireId: contrast.id,
      questionnaireResult: JSON.stringify({
        contrastAllergy: true,
        kidneyDisease: false,
        metformin: false,
      }),
      examSlugs: ['ct-chest'],
    },
  });
  expect(saved.statusCode).toBe(200);
}

const rowsFor = async (key: string) => ({
  answers: (
    await testApp.database.db
      .selectFrom('questionnaire_answers')
      .select('id')
      .where('booking_key', '=', key)
      .execute()
  ).length,
  apiKeys: (
    await testApp.database.db
      .selectFrom('booking_request_api_keys')
      .select('api_key')
      .where('booking_key', '=', key)
      .execute()
  ).length,
});

describe('booking clean-up', () => {
  it("deletes a never-used, long-expired key's temporary answers and api key with it", async () => {
    const abandoned = await reserveBookingKey(testApp.app);
    await answerContrastAllergy(abandoned);
    expect(await rowsFor(abandoned)).toEqual({ answers: 1, apiKeys: 1 });
    // A key reserved later, still within its grace period, keeps its answers.
    await testApp.database.db
      .updateTable('booking_keys')
      .set({ expires_at: new Date('2026-03-02T02:00:00Z') })
      .where('key', '=', abandoned)
      .execute();
    const recent = await reserveBookingKey(testApp.app);
    await answerContrastAllergy(recent);
    await testApp.database.db
      .updateTable('booking_keys')
      .set({ expires_at: new Date('2026-03-03T12:00:00Z') })
      .where('key', '=', recent)
      .execute();

    const cleanup = createBookingCleanup({
      db: testApp.database.db,
      storage: createLocalStorage(mkdtempSync(join(tmpdir(), 'cleanup-'))),
      clock: fixedClock('2026-03-03T03:00:00Z'),
    });
    const result = await cleanup.runOnce();
    expect(result.bookingKeys).toBeGreaterThanOrEqual(1);
    expect(await rowsFor(abandoned)).toEqual({ answers: 0, apiKeys: 0 });
    expect(await rowsFor(recent)).toEqual({ answers: 1, apiKeys: 1 });
  });
});
