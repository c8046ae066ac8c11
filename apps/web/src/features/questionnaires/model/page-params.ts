import { type QuestionnaireType, questionnaireTypeValues } from '@portal/contract';
import { authenticationUrl } from '../../../lib/patient-access.ts';

/**
 * The /questionnaires page's query (docs/product/questionnaires.md#the-questionnaires-page): what
 * to ask and where to go after.
 */
export interface QuestionnairePageParams {
  bookingKey: string | null;
  type: QuestionnaireType | null;
  appointmentId: string | null;
  redirectUrl: string | null;
  changedExamSlug: string | null;
  /** Booking-flow questionnaires (temporary answers) for these exams, instead of a booking's. */
  examSlugs: string[];
  /** The booking key names a booking request rather than an appointment group. */
  bookingRequest: boolean;
}

const bookingRequestTypes: readonly QuestionnaireType[] = [
  'PROTOCOL',
  'CREATE_BOOKING_REQUEST_REFERRER',
];

export function questionnairePageParams(params: URLSearchParams): QuestionnairePageParams {
  const rawType = params.get('type');
  const type = questionnaireTypeValues.find((value) => value === rawType) ?? null;
  return {
    bookingKey: params.get('bookingKey'),
    type,
    appointmentId: params.get('appointmentId'),
    redirectUrl: params.get('redirectUrl'),
    changedExamSlug: params.get('changedExamSlug'),
    examSlugs: (params.get('examSlugs') ?? '').split(',').filter(Boolean),
    bookingRequest:
      params.get('isBookingRequest') === 'true' ||
      (type !== null && bookingRequestTypes.includes(type)),
  };
}

/**
 * Where a page about a booking goes back to (the cancel questionnaire's back address,
 * docs/product/questionnaires.md#the-questionnaires-page).
 */
export function backAddressOf(page: QuestionnairePageParams): string {
  if (!page.bookingKey) return '/';
  return page.bookingRequest
    ? `/booking-requests/${encodeURIComponent(page.bookingKey)}`
    : `/appointments/${encodeURIComponent(page.bookingKey)}`;
}

/**
 * Authentication and back (docs/product/questionnaires.md#the-questionnaires-page): the patient
 * proves who they are, then returns here.
 */
export function authenticationPath(page: QuestionnairePageParams, returnUrl: string): string {
  return authenticationUrl(returnUrl, {
    bookingKey: page.bookingKey ?? '',
    type: page.bookingRequest ? 'BOOKING_REQUEST' : 'APPOINTMENT',
  });
}
