import { z } from 'zod';

/**
 * Timed preparation (docs/product/patient-portal.md#timed-preparation): what a patient does
 * before an exam, timed from the appointment's start ("fast from 6 hours before", "arrive 15
 * minutes early"). The provider writes the instruction in its own words; it is not translated.
 */

/** The longest lead time a step may have: two days. */
export const maxPreparationMinutesBefore = 2880;

/** One step as an exam carries it (exams.preparation_steps). */
export const preparationStepSchema = z.object({
  /** Minutes before the appointment's start; 0 is at the start itself. */
  minutesBefore: z.number().int().min(0).max(maxPreparationMinutesBefore),
  instruction: z.string().trim().min(1).max(300),
});

/**
 * One step for one appointment: `at` is the clinic-local moment (start minus `minutesBefore`)
 * with the clinic's UTC offset at that moment, like an appointment's `startsAt`; so a step
 * before a daylight-saving change carries the offset in force then.
 */
export const timedPreparationStepSchema = preparationStepSchema.extend({
  // availability.ts's instantSchema, written out: catalogue.ts imports this file and
  // availability.ts imports catalogue.ts, so importing it here would close a cycle.
  at: z.iso.datetime({ offset: true }),
});

export type PreparationStep = z.infer<typeof preparationStepSchema>;
export type TimedPreparationStep = z.infer<typeof timedPreparationStepSchema>;
