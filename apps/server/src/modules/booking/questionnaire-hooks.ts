import type { Db } from '../../db/database.ts';
import type { WriteCondition } from '../../db/statement-parts.ts';

/**
 * What booking asks the questionnaires module. Injected by app.ts so
 * booking does not import questionnaires (which imports booking); without it
 * booking behaves as before questionnaires existed.
 */
/** What an outcome may require of the patient form (medicareNumberRequired). */
export interface PatientFacts {
  medicareNumber?: string | null | undefined;
}

export interface QuestionnaireHooks {
  /** Before any write: throws (409) when the key's stored answers refuse these appointments. */
  checkAppointments(
    bookingKey: string,
    items: ReadonlyArray<{ examSlug: string; start: Date; timeZone: string }>,
    patient: PatientFacts,
  ): Promise<void>;
  /**
   * Whether checkAppointments would let a key with NO stored answers book
   * these exams (no required questionnaire applies), from cached definitions
   * without a query. A booking relying on it writes under `noStoredAnswers`.
   */
  passesWithoutAnswers(
    exams: ReadonlyArray<{ slug: string; modalitySlug: string }>,
  ): Promise<boolean>;
  /** This booking key has no stored questionnaire answers (decision 017). */
  noStoredAnswers(bookingKey: string): WriteCondition;
  /** Before a slot hold: throws (409) when the slot is before the answers' earliest day. */
  checkSlotHold(
    bookingKey: string,
    item: { examSlug: string; start: Date; timeZone: string },
  ): Promise<void>;
  /**
   * Before any write: throws when the answers deny the booking, a required
   * questionnaire is unanswered, or the apiKey is not the key's.
   */
  checkBookingRequest(
    bookingKey: string,
    examSlugs: readonly string[],
    apiKey: string | undefined,
    patient: PatientFacts,
  ): Promise<{ confirmationMessage: string | null }>;
  markApiKeyUsed(apiKey: string, bookingRequestId: string): Promise<void>;
  /** Inside the re-key transaction, on its connection: temporary answers follow the key. */
  moveTemporaryAnswers(db: Db, from: string, to: string): Promise<number>;
}
