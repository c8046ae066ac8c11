import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAppointment, resourceIdsOf } from '../../../test/factories/resource-bookings.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { timedPreparation } from '../../modules/availability/index.ts';
import { listAppointmentsOfKey } from '../../modules/booking/index.ts';
import { buildCatalogueService } from '../../modules/catalogue/index.ts';
import type { DatabaseHandle } from '../create-db.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const stepsOf = async (slug: string) =>
  (
    await database.db
      .selectFrom('exams')
      .select('preparation_steps')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow()
  ).preparation_steps;

const setSteps = (slug: string, json: string) =>
  database.db
    .updateTable('exams')
    .set({ preparation_steps: json })
    .where('slug', '=', slug)
    .execute();

describe('exams.preparation_steps (migration 013)', () => {
  it('holds the demo steps, and none for an exam without them', async () => {
    expect(await stepsOf('ct-abdomen-pelvis')).toEqual([
      { minutesBefore: 240, instruction: 'Stop eating. You may keep drinking water.' },
      { minutesBefore: 60, instruction: 'Drink 2 glasses of water.' },
      { minutesBefore: 15, instruction: 'Arrive at the clinic and check in at reception.' },
    ]);
    expect(await stepsOf('chest-x-ray')).toEqual([]);
  });

  it('stores steps and reads them back parsed, in the order written', async () => {
    const steps = [
      { minutesBefore: 15, instruction: 'Arrive' },
      { minutesBefore: 2880, instruction: 'Stop the tablets: “two days” ✓' },
    ];
    await setSteps('mri-knee', JSON.stringify(steps));
    expect(await stepsOf('mri-knee')).toEqual(steps);
  });

  it('starts a new exam with no steps', async () => {
    const modality = await database.db
      .selectFrom('modalities')
      .select('id')
      .where('code', '=', 'XR')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('exams')
      .values({
        slug: 'finger-x-ray',
        name: 'Finger X-ray',
        modality_id: modality.id,
        duration_minutes: 15,
        exam_code: null,
        notes: null,
        prep_instructions: null,
        body_parts: ['hand'],
      })
      .execute();
    expect(await stepsOf('finger-x-ray')).toEqual([]);
  });

  it.each([
    ['an object', '{"minutesBefore": 60, "instruction": "Drink water"}'],
    ['a string', '"Drink water"'],
    ['a number', '60'],
    ['JSON null', 'null'],
  ])('rejects %s', async (_, json) => {
    await expect(setSteps('ct-chest', json)).rejects.toThrow(/exams_preparation_steps_array_check/);
    expect(await stepsOf('ct-chest')).toEqual([
      { minutesBefore: 240, instruction: 'Stop eating. You may keep drinking water.' },
    ]);
  });

  it('rejects no value at all', async () => {
    await expect(
      database.db
        .updateTable('exams')
        .set({ preparation_steps: null as unknown as string })
        .where('slug', '=', 'ct-chest')
        .execute(),
    ).rejects.toThrow(/null/i);
  });
});

describe('reads that carry the steps', () => {
  it('gives the booking flow an exam with its steps', async () => {
    const exam = await buildCatalogueService(database.db).exam('pelvic-ultrasound');
    expect(exam.preparationSteps).toEqual([
      { minutesBefore: 90, instruction: 'Start drinking 1 litre of water.' },
      {
        minutesBefore: 60,
        instruction: 'Finish the water. From now on, do not empty your bladder.',
      },
    ]);
  });

  it("gives a booking key's appointment its exam's steps, ready to time in the clinic's zone", async () => {
    const [resourceId] = await resourceIdsOf(database.db, 'parramatta', 'CT');
    const appointmentId = await insertAppointment(database.db, {
      resourceId: resourceId!,
      examSlug: 'ct-abdomen-pelvis',
      // An early start on the morning Sydney's clocks go forward (2:00 am, Sunday 5 October 2031).
      start: '2031-10-05T06:30:00+11:00',
      end: '2031-10-05T07:00:00+11:00',
    });
    const { booking_key: key } = await database.db
      .selectFrom('appointments')
      .select('booking_key')
      .where('id', '=', appointmentId)
      .executeTakeFirstOrThrow();
    const [appointment] = await listAppointmentsOfKey(database.db, key);
    expect(appointment?.exam.preparationSteps).toHaveLength(3);
    const timed = timedPreparation(
      appointment!.exam.preparationSteps,
      appointment!.startsAt,
      appointment!.clinic.timeZone,
    );
    // Four real hours before 6:30 am is 1:30 am, still at +10:00; the later steps at +11:00.
    expect(timed.map((step) => step.at)).toEqual([
      '2031-10-05T01:30:00+10:00',
      '2031-10-05T05:30:00+11:00',
      '2031-10-05T06:15:00+11:00',
    ]);
  });
});
