import type {
  FeedbackQuestionnaire,
  ImageViewerAudience,
  ReportFeedbackSaved,
  SaveReportFeedbackRequest,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import type { AuditEvent, RequestContext } from '../audit/index.ts';
import type { ReferrerQuestionnaire } from '../questionnaires/index.ts';
import {
  ReportFeedbackAlreadyProvidedError,
  ReportFeedbackDisabledError,
  ReportFeedbackInvalidAnswerError,
  ReportFeedbackPatientLinkError,
  ReportFeedbackReportNotFoundError,
  ReportFeedbackUnknownQuestionnaireError,
} from './report-feedback.errors.ts';
import type { FeedbackGiver } from './report-feedback.repository.ts';
import type { ReportFeedbackStore } from './report-feedback-store.ts';

/**
 * Which report, and who asks (the query of spec 1 §7): a viewer link, or the PACS's accession
 * number with the caller's single sign-on session, asked for only then (`staffSubject` throws
 * 401 without one).
 */
export type FeedbackReference =
  | { kind: 'LINK'; imsec: string }
  | { kind: 'ACCESSION'; accessionNumber: string; staffSubject: () => Promise<string> };

export interface ReportFeedbackServiceDeps {
  /** application.referrerReportQualityFeedbackEnabled */
  enabled: boolean;
  clock: Clock;
  store: ReportFeedbackStore;
  /** The image viewer's link check: the link's claims, or its refusal (400, 403, 401). */
  checkLink(imsec: string): Promise<{
    accessionNumber: string;
    audience: ImageViewerAudience;
    jti: string;
  }>;
  /** The current FEEDBACK questionnaire for referrers, or null when none is configured. */
  questionnaire(): Promise<ReferrerQuestionnaire | null>;
  /** The questionnaires' answer check: the data to store, or why it was refused. */
  checkAnswers(
    questionnaire: ReferrerQuestionnaire,
    resultText: string,
  ): { data: Record<string, unknown> } | { refused: string };
  /** Why answers were refused: question names only, never values (they stay out of logs). */
  onRefused?: (reason: string) => void;
}

const actorOf = (giver: FeedbackGiver) => giver.givenBy.toLowerCase();

/**
 * Report-quality feedback (docs/product/images.md#report-quality-feedback, decision 033): a
 * referrer's answers to the provider's FEEDBACK questionnaire for referrers, about the report
 * of one study, once per report. Nothing is read while the feature is off.
 */
export function createReportFeedbackService(deps: ReportFeedbackServiceDeps) {
  const { clock, store } = deps;

  const audit = (
    action: string,
    accessionNumber: string,
    giver: FeedbackGiver | null,
    context: RequestContext,
    details: AuditEvent['details'] = {},
    on: ReportFeedbackStore = store,
  ) =>
    on.insertAuditEvent(
      {
        actor: giver ? actorOf(giver) : 'public',
        action,
        subjectType: 'accession_number',
        subjectId: accessionNumber,
        ...context,
        details: {
          givenBy: giver?.givenBy ?? null,
          tokenId: giver && giver.givenBy !== 'STAFF' ? giver.linkTokenId : null,
          staffSubject: giver?.givenBy === 'STAFF' ? giver.staffSubject : null,
          ...details,
        },
      },
      clock.now(),
    );

  /** Off, or no questionnaire to ask: refused before anything else is read. */
  async function feedbackQuestionnaire(): Promise<ReferrerQuestionnaire> {
    if (!deps.enabled) {
      throw new ReportFeedbackDisabledError('Feedback on reports is not offered here.');
    }
    const questionnaire = await deps.questionnaire();
    if (!questionnaire) {
      throw new ReportFeedbackDisabledError('No feedback questionnaire for referrers is set up.');
    }
    return questionnaire;
  }

  /** The report (accession number) and who gives feedback on it, or the refusal. */
  async function reportOf(
    reference: FeedbackReference,
    context: RequestContext,
  ): Promise<{ accessionNumber: string; giver: FeedbackGiver }> {
    if (reference.kind === 'ACCESSION') {
      const staffSubject = await reference.staffSubject();
      const giver: FeedbackGiver = { givenBy: 'STAFF', staffSubject };
      if (!(await store.hasReleasedResult(reference.accessionNumber))) {
        await audit('report-feedback.refused', reference.accessionNumber, giver, context, {
          reason: 'no-report',
        });
        throw new ReportFeedbackReportNotFoundError('There is no released report of this study.');
      }
      return { accessionNumber: reference.accessionNumber, giver };
    }
    const claims = await deps.checkLink(reference.imsec);
    if (claims.audience === 'PATIENT') {
      await audit('report-feedback.refused', claims.accessionNumber, null, context, {
        reason: 'patient-link',
        tokenId: claims.jti,
      });
      throw new ReportFeedbackPatientLinkError(
        "Feedback on a report is its referrer's: a patient's link cannot give it.",
      );
    }
    return {
      accessionNumber: claims.accessionNumber,
      giver: { givenBy: claims.audience, linkTokenId: claims.jti },
    };
  }

  return {
    /** GET /api/image_viewer_link/questionnaires: the questionnaire, or null once answered. */
    async questionnaire(
      reference: FeedbackReference,
      context: RequestContext,
    ): Promise<FeedbackQuestionnaire | null> {
      const { questionnaire } = await feedbackQuestionnaire();
      const { accessionNumber, giver } = await reportOf(reference, context);
      const given = await store.feedbackGiven(accessionNumber);
      await audit('report-feedback.read', accessionNumber, giver, context, {
        questionnaireId: questionnaire.id,
        alreadyProvided: given,
      });
      if (given) return null;
      return { questionnaireId: questionnaire.id, questionnaire, questionnaireResult: null };
    },

    /** POST /api/image_viewer_link/questionnaires: stores the answers once per report. */
    async save(
      reference: FeedbackReference,
      request: SaveReportFeedbackRequest,
      context: RequestContext,
    ): Promise<ReportFeedbackSaved> {
      const current = await feedbackQuestionnaire();
      const { accessionNumber, giver } = await reportOf(reference, context);
      const refuse = async (reason: string) =>
        audit('report-feedback.refused', accessionNumber, giver, context, { reason });
      const alreadyProvided = async () => {
        await refuse('already-provided');
        return new ReportFeedbackAlreadyProvidedError(
          'Feedback on this report was already provided.',
        );
      };
      if (await store.feedbackGiven(accessionNumber)) throw await alreadyProvided();
      const { questionnaire } = current;
      if (request.questionnaireId !== questionnaire.id) {
        await refuse('unknown-questionnaire');
        throw new ReportFeedbackUnknownQuestionnaireError(
          'This is not the feedback questionnaire for reports.',
        );
      }
      const checked = deps.checkAnswers(current, request.questionnaireResult);
      if ('refused' in checked) {
        deps.onRefused?.(checked.refused);
        await refuse('invalid-answer');
        throw new ReportFeedbackInvalidAnswerError('The answers could not be saved.');
      }
      const now = clock.now();
      const saved = await store.transaction(async (tx) => {
        const row = await tx.insertFeedback(
          {
            accessionNumber,
            questionnaireId: questionnaire.id,
            questionnaireVersion: questionnaire.version,
            result: checked.data,
            giver,
          },
          now,
        );
        if (row) {
          await audit(
            'report-feedback.saved',
            accessionNumber,
            giver,
            context,
            {
              feedbackId: row.id,
              questionnaireId: questionnaire.id,
              version: questionnaire.version,
            },
            tx,
          );
        }
        return row !== undefined;
      });
      // Another answer about the same report was stored in between (the unique constraint).
      if (!saved) throw await alreadyProvided();
      return {
        questionnaireId: questionnaire.id,
        questionnaireVersion: questionnaire.version,
        answeredAt: now.toISOString(),
      };
    },
  };
}

export type ReportFeedbackService = ReturnType<typeof createReportFeedbackService>;
