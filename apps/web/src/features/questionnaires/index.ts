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
export { bookingFormTypes, isTranslationKey } from './model/questionnaire-rules.ts';
