import type { Slot } from '@portal/contract';
import type { ClinicForExam, ExamRow } from './availability.repository.ts';
import { formatWithOffset } from './local-time.ts';
import type { CandidateSlot } from './slot-engine.ts';

/** Slots as the wire shows them: ISO 8601 with the clinic's offset, and the clinic's zone. */
export function createWireFormat() {
  /**
   * Wire form of cached slots, kept with them: a cached slot object always
   * belongs to one exam at one clinic (the cache key), so its text never changes.
   */
  const wireForms = new WeakMap<CandidateSlot, Slot>();

  function toWire(
    clinic: ClinicForExam,
    exam: ExamRow,
    slot: CandidateSlot,
    enquiry: boolean,
  ): Slot {
    if (!enquiry) {
      let wire = wireForms.get(slot);
      if (!wire) {
        wire = toWireNow(clinic, exam, slot, false);
        wireForms.set(slot, wire);
      }
      return wire;
    }
    return toWireNow(clinic, exam, slot, enquiry);
  }

  function toWireNow(
    clinic: ClinicForExam,
    exam: ExamRow,
    slot: CandidateSlot,
    enquiry: boolean,
  ): Slot {
    return {
      clinicSlug: clinic.slug,
      clinicName: clinic.name,
      examSlug: exam.slug,
      start: formatWithOffset(slot.start, slot.offset),
      end: formatWithOffset(slot.end, slot.offset),
      timeZone: clinic.timeZone,
      enquiry,
    };
  }

  return toWire;
}
