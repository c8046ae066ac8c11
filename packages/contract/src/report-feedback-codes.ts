/**
 * Report-quality feedback's plain values, without zod (patient-portal-codes.ts says why): the
 * error codes the feedback page turns into its states (docs/product/images.md#report-quality-feedback).
 */
export const reportFeedbackErrorCodes = {
  /**
   * 404: referrerReportQualityFeedbackEnabled is off, or the provider configured no FEEDBACK
   * questionnaire for referrers; nothing was read or stored.
   */
  disabled: 'REPORT_FEEDBACK_DISABLED',
  /** 403: the link is a patient's own; feedback on a report's quality is its referrer's. */
  patientLink: 'REPORT_FEEDBACK_PATIENT_LINK',
  /** 404: pacsAppointmentId names no released result. */
  reportNotFound: 'REPORT_FEEDBACK_REPORT_NOT_FOUND',
  /** 409: feedback on this report was already provided (one per report). */
  alreadyProvided: 'REPORT_FEEDBACK_ALREADY_PROVIDED',
} as const;
