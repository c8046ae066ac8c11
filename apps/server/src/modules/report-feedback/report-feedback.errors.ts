import { questionnaireErrorCodes, reportFeedbackErrorCodes } from '@portal/contract';
import { DomainError } from '../../domain-error.ts';

/** referrerReportQualityFeedbackEnabled is off, or no FEEDBACK questionnaire for referrers. */
export class ReportFeedbackDisabledError extends DomainError {
  readonly statusCode = 404;
  readonly code = reportFeedbackErrorCodes.disabled;
}

/** A patient's own viewer link: feedback on the report's quality is the referrer's. */
export class ReportFeedbackPatientLinkError extends DomainError {
  readonly statusCode = 403;
  readonly code = reportFeedbackErrorCodes.patientLink;
}

/** pacsAppointmentId names no released result. */
export class ReportFeedbackReportNotFoundError extends DomainError {
  readonly statusCode = 404;
  readonly code = reportFeedbackErrorCodes.reportNotFound;
}

/** Feedback on this report was already provided (one per report, decision 033). */
export class ReportFeedbackAlreadyProvidedError extends DomainError {
  readonly statusCode = 409;
  readonly code = reportFeedbackErrorCodes.alreadyProvided;
}

/** The answers name another questionnaire than the current feedback questionnaire. */
export class ReportFeedbackUnknownQuestionnaireError extends DomainError {
  readonly statusCode = 404;
  readonly code = questionnaireErrorCodes.unknownQuestionnaire;
}

/** The answers do not fit the questionnaire (the questionnaires' own check); nothing stored. */
export class ReportFeedbackInvalidAnswerError extends DomainError {
  readonly statusCode = 400;
  readonly code = questionnaireErrorCodes.invalidAnswer;
}
