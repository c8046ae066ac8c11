import {
  type PreparationStep,
  preparationStepSchema,
  type TimedPreparationStep,
} from '@portal/contract';
import { formatWithOffset, offsetAt } from './local-time.ts';

const minuteMs = 60_000;

/**
 * An exam's preparation steps for one appointment (docs/product/patient-portal.md#timed-preparation):
 * each step's `at` is the instant `minutesBefore` real minutes before `start`, written in the
 * clinic's zone with the UTC offset in force at THAT instant, so a step before a daylight-saving
 * change carries the old offset (a 12-hour fast before 9:00 am on the morning Sydney's clocks go
 * forward begins at 8:00 pm the evening before, +10:00). Earliest first; steps with the same
 * lead time keep the provider's order.
 *
 * A step that is not a valid preparation step is left out: the column only insists on an array
 * (migration 013), and one bad entry must not cost the patient the rest of the page.
 *
 * It lives in availability, the owner of clinic-local time (local-time.ts), rather than in the
 * catalogue that owns the steps: availability already imports the catalogue's door, so the
 * catalogue importing availability's would close a cycle between the two modules.
 */
export function timedPreparation(
  steps: readonly PreparationStep[],
  start: Date,
  timeZone: string,
): TimedPreparationStep[] {
  const valid: PreparationStep[] = [];
  for (const step of steps) {
    const parsed = preparationStepSchema.safeParse(step);
    if (parsed.success) valid.push(parsed.data);
  }
  // Array.prototype.sort is stable: equal lead times stay in the provider's order.
  valid.sort((a, b) => b.minutesBefore - a.minutesBefore);
  return valid.map((step) => {
    const instant = start.getTime() - step.minutesBefore * minuteMs;
    return {
      minutesBefore: step.minutesBefore,
      instruction: step.instruction,
      at: formatWithOffset(instant, offsetAt(timeZone, instant)),
    };
  });
}
