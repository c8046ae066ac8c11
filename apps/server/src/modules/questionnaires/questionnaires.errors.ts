import { errorCodes, questionnaireErrorCodes } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

type InvalidAnswerCode =
  | typeof questionnaireErrorCodes.invalidAnswer
  | typeof questionnaireErrorCodes.painScoreProblem
  | typeof questionnaireErrorCodes.protocolError;

/** 400: an incomplete, forged or malformed answer set; nothing was stored. */
export class InvalidQuestionnaireAnswerError extends DomainError {
  readonly statusCode = 400;
  readonly code: InvalidAnswerCode;
  constructor(code: InvalidAnswerCode = questionnaireErrorCodes.invalidAnswer) {
    // The reason stays in the server log; the answers never leave it.
    super('The answers could not be saved. Please check them and try again.');
    this.code = code;
  }
}

export class UnknownQuestionnaireError extends DomainError {
  readonly statusCode = 404;
  readonly code = questionnaireErrorCodes.unknownQuestionnaire;
}

export class BookingDeniedError extends DomainError {
  readonly statusCode = 409;
  readonly code = questionnaireErrorCodes.bookingDenied;
}

export class BookingRequestRequiredError extends DomainError {
  readonly statusCode = 409;
  readonly code = questionnaireErrorCodes.bookingRequestRequired;
}

export class QuestionnaireUnansweredError extends DomainError {
  readonly statusCode = 409;
  readonly code = questionnaireErrorCodes.questionnaireUnanswered;
}

export class ExamChangeRequiredError extends DomainError {
  readonly statusCode = 409;
  readonly code = questionnaireErrorCodes.examChangeRequired;
}

export class SlotBeforeMinDateError extends DomainError {
  readonly statusCode = 409;
  readonly code = questionnaireErrorCodes.beforeMinDate;
}

/** 400: the answers require a Medicare number (medicareNumberRequired) and the form had none. */
export class MedicareNumberRequiredError extends DomainError {
  readonly statusCode = 400;
  readonly code = questionnaireErrorCodes.medicareNumberRequired;
}

export class ExamChangeNotAllowedError extends DomainError {
  readonly statusCode = 400;
  readonly code = questionnaireErrorCodes.examChangeNotAllowed;
}

export class ApiKeyInvalidError extends DomainError {
  readonly statusCode = 400;
  readonly code = questionnaireErrorCodes.apiKeyInvalid;
}

/** 409: the appointment is no longer booked or pending (already cancelled, for instance). */
export class AppointmentNotActiveError extends DomainError {
  readonly statusCode = 409;
  readonly code = errorCodes.conflict;
}

/** 404: the booking has no answered questionnaire, so there is no answers document. */
export class NoQuestionnaireAnswersError extends DomainError {
  readonly statusCode = 404;
  readonly code = questionnaireErrorCodes.noAnswers;
  constructor() {
    super('No questionnaire has been answered for this booking.');
  }
}
