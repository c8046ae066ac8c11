import { lazy } from 'react';

/**
 * Questionnaires (docs/product/questionnaires.md): the survey modal, the /questionnaires page and
 * the booking flow's questionnaires. SurveyJS itself loads only when a questionnaire shows.
 */
export { routedBookingRequest, useBookingOutcome } from './api/questionnaires-api.ts';
export {
  BookingQuestionnaires,
  type BookingQuestionnairesProps,
} from './components/booking-questionnaires.tsx';

export const questionnairesRoute = async () => ({
  Component: (await import('./routes/questionnaires-page.tsx')).QuestionnairesPage,
});
export { bookingFormTypes, isTranslationKey, surveyLocaleOf } from './model/questionnaire-rules.ts';

/**
 * One SurveyJS survey, loaded on demand (survey-core and its CSS come with it): for features that
 * draw their own modal around it (consent forms). `readOnlyData` shows given answers read-only.
 */
export const LazySurveyView = lazy(() => import('./components/survey-view.tsx'));
export { LeaveSurveyConfirmation, SurveyDialogBody } from './components/survey-dialog.tsx';
export type { SurveyViewProps } from './components/survey-view.tsx';
