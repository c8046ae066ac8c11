import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import { imageViewerLinkCheck } from '../image-viewer/index.ts';
import {
  checkAnswerSet,
  currentReferrerFeedbackQuestionnaire,
  InvalidAnswerSet,
} from '../questionnaires/index.ts';
import { requireStaff, type StaffSession } from '../sso/index.ts';
import { registerReportFeedbackRoutes } from './report-feedback.routes.ts';
import { createReportFeedbackService } from './report-feedback.service.ts';
import { createReportFeedbackStore } from './report-feedback-store.ts';

export interface ReportFeedbackModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** application.referrerReportQualityFeedbackEnabled */
  enabled: boolean;
  /** SESSION_SECRET: viewer links are checked with the image viewer's key. */
  sessionSecret: string;
  rateLimitMax: number;
}

/**
 * Report-quality feedback (docs/product/images.md#report-quality-feedback, decision 033): the
 * referrer's answers about one report, by its viewer link (the image viewer's check) or, signed in
 * with single sign-on, by its accession number. Registered after the sso module (requireStaff).
 */
export async function reportFeedbackModule(app: FastifyInstance, deps: ReportFeedbackModuleDeps) {
  const service = createReportFeedbackService({
    enabled: deps.enabled,
    clock: deps.clock,
    store: createReportFeedbackStore(deps.db),
    checkLink: imageViewerLinkCheck({ sessionSecret: deps.sessionSecret, clock: deps.clock }),
    questionnaire: () => currentReferrerFeedbackQuestionnaire(deps.db),
    checkAnswers: (questionnaire, resultText) => {
      try {
        return { data: checkAnswerSet(questionnaire.survey, resultText) };
      } catch (error) {
        if (error instanceof InvalidAnswerSet) return { refused: error.message };
        throw error;
      }
    },
    onRefused: (reason) => app.log.info({ reason }, 'report feedback answer refused'),
  });
  registerReportFeedbackRoutes(app, {
    service,
    staffSubject: async (request: FastifyRequest) => {
      await requireStaff(request);
      return (request.staffSession as StaffSession).user.userId;
    },
    rateLimitMax: deps.rateLimitMax,
  });
}
