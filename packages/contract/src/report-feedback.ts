import { z } from 'zod';
import { questionnaireResultSchema, questionnaireSchema } from './questionnaires.ts';

/**
 * Report-quality feedback (spec 1 §3, §4, §7; docs/product/images.md#report-quality-feedback):
 * a referrer rates the report of one study, once.
 *
 *   GET  /api/image_viewer_link/questionnaires?imsec= | ?pacsAppointmentId=   → feedbackQuestionnaireResponseSchema
 *   POST /api/image_viewer_link/questionnaires?(same)  saveReportFeedbackRequestSchema → reportFeedbackSavedSchema (201)
 *
 * `imsec` is a referrer's or external radiologist's viewer link; `pacsAppointmentId` is the
 * PACS's accession number, for a referrer signed in with single sign-on.
 */
export const reportFeedbackQuerySchema = z
  .object({
    imsec: z.string().min(1).max(4096).optional(),
    pacsAppointmentId: z.string().trim().min(1).max(64).optional(),
  })
  .refine((query) => (query.imsec === undefined) !== (query.pacsAppointmentId === undefined), {
    message: 'give exactly one of imsec and pacsAppointmentId',
  });

/**
 * Spec 1 §3's feedback questionnaire. `questionnaire` is the questionnaires' browser view
 * (title, modalSize, showClosingConfirmation, examSlugs, modalityIds and the SurveyJS JSON).
 * `questionnaireResult` is null: a report whose feedback was given answers null instead of
 * a questionnaire, so there is never an earlier answer to show.
 */
export const feedbackQuestionnaireSchema = z.object({
  questionnaireId: z.uuid(),
  questionnaire: questionnaireSchema,
  questionnaireResult: z.string().nullable(),
});

/** null: feedback on this report was already provided (spec 1 §4: "comes back empty"). */
export const feedbackQuestionnaireResponseSchema = feedbackQuestionnaireSchema.nullable();

export const saveReportFeedbackRequestSchema = z.object({
  questionnaireId: z.uuid(),
  questionnaireResult: questionnaireResultSchema,
});

export const reportFeedbackSavedSchema = z.object({
  questionnaireId: z.uuid(),
  /** The version of the questionnaire the answers were checked against and stored with. */
  questionnaireVersion: z.number().int().positive(),
  answeredAt: z.iso.datetime({ offset: true }),
});

export type ReportFeedbackQuery = z.infer<typeof reportFeedbackQuerySchema>;
export type FeedbackQuestionnaire = z.infer<typeof feedbackQuestionnaireSchema>;
export type SaveReportFeedbackRequest = z.infer<typeof saveReportFeedbackRequestSchema>;
export type ReportFeedbackSaved = z.infer<typeof reportFeedbackSavedSchema>;
