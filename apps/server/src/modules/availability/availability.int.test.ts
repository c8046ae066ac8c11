import { clinicSlotsResponseSchema, nextAvailableSlotResponseSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createAvailabilityService } from './index.ts';

let testApp: TestApp;
beforeAll(async () => {
  // Monday 2 March 2026, 11:00 in Sydney.
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const slotsUrl = (clinic: string, query: Record<string, string>) =>
  `/api/clinics/${clinic}/slots?${new URLSearchParams(query)}`;

async function getSlots(clinic: string, query: Record<string, string>) {
  const response = await testApp.app.inject({ method: 'GET', url: slotsUrl(clinic, query) });
  expect(response.statusCode, response.body).toBe(200);
  return clinicSlotsResponseSchema.parse(response.json());
}

describe('GET /api/clinics/{clinicSlug}/slots', () => {
  it('lists a week of MRI slots at Parramatta in clinic-local time', async () => {
    const body = await getSlots('parramatta', {
      examSlug: 'mri-knee',
      from: '2026-03-09',
      to: '2026-03-15',
    });
    expect(body.timeZone).toBe('Australia/Sydney');
    expect(body.slots.length).toBeGreaterThan(10);
    expect(body.slots[0]).toMatchObject({
      clinicSlug: 'parramatta',
      examSlug: 'mri-knee',
      enquiry: false,
    });
    expect(body.slots[0]!.start).toMatch(/^2026-03-09T08:00:00\+11:00$/);
  });
});

describe('offeredSlot', () => {
  it('names the resources offering a start, and null for a start not offered', async () => {
    const service = createAvailabilityService({ db: testApp.database.db, clock: testApp.clock });
    const offered = await service.offeredSlot({
      clinicSlug: 'parramatta',
      examSlug: 'chest-x-ray',
      start: new Date('2026-03-09T08:00:00+11:00'),
    });
    expect(offered).toMatchObject({
      clinic: { slug: 'parramatta', timeZone: 'Australia/Sydney' },
      exam: { slug: 'chest-x-ray', modalityName: 'X-ray', bookingRequestOnly: false },
      enquiry: false,
    });
    expect(offered!.resourceIds).toHaveLength(2);
    expect(offered!.end.toISOString()).toBe('2026-03-08T21:15:00.000Z');
    expect(
      await service.offeredSlot({
        clinicSlug: 'parramatta',
        examSlug: 'chest-x-ray',
        start: new Date('2026-03-09T08:05:00+11:00'),
      }),
    ).toBeNull();
  });
});

describe('POST /api/slots/next-available', () => {
  it('gives the earliest slot per clinic, nearest first', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/slots/next-available',
      payload: { examSlug: 'chest-x-ray', location: { latitude: -33.815, longitude: 151.0011 } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = nextAvailableSlotResponseSchema.parse(response.json());
    expect(body.slots[0]!.clinicSlug).toBe('parramatta');
  });
});
