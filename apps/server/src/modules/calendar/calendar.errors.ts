/**
 * The appointment cannot be written as a calendar file (an impossible time, a malformed
 * e-mail address, or the `ics` library refused it). A bug or bad data, never the patient's
 * doing: it is not a DomainError, so the error handler answers 500 and logs it, and no
 * half-written file is ever sent.
 */
export class CalendarFileError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(`Cannot write the calendar file: ${message}`, options);
    this.name = 'CalendarFileError';
  }
}
