/**
 * The check-in screens after the name and the calls they make, one chunk the page loads while
 * the patient types their name (hooks/use-later-steps.ts): the date of birth field, the code,
 * the appointments, the outcomes and the identity check are not needed to show the first
 * question.
 */

export { DateOfBirthQuestion, OtpQuestion } from '../components/check-in-later-questions.tsx';
export { ConfirmAppointments, Outcome } from '../components/check-in-outcomes.tsx';
export { createCheckInActions } from '../hooks/check-in-actions.ts';
