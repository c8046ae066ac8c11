import { type AuthenticationType, authenticationTypes } from '@portal/contract';

/** The /authentication query (docs/product/authentication.md#the-authentication-page). */
export interface AuthenticationParams {
  returnUrl: string | null;
  bookingKey: string | null;
  shared: boolean;
  isBookingRequest: boolean;
  dateOfBirth: string | null;
  type: AuthenticationType | null;
  staffBooking: boolean;
}

const flag = (params: URLSearchParams, name: string) => params.get(name) === 'true';
const text = (params: URLSearchParams, name: string) => params.get(name)?.trim() || null;

/**
 * docs/product/authentication.md#sign-in-types: PATIENT_PORTAL is detected from a returnUrl
 * containing 'patient'; otherwise the type comes from the query (BOOKING_REQUEST also from
 * isBookingRequest=true).
 */
export function detectType(
  typeParam: string | null,
  returnUrl: string | null,
  isBookingRequest: boolean,
): AuthenticationType | null {
  if (returnUrl?.includes('patient')) return 'PATIENT_PORTAL';
  const given = authenticationTypes.find((type) => type === typeParam);
  if (given) return given;
  return isBookingRequest ? 'BOOKING_REQUEST' : null;
}

export function readAuthenticationParams(params: URLSearchParams): AuthenticationParams {
  const returnUrl = text(params, 'returnUrl');
  const isBookingRequest = flag(params, 'isBookingRequest');
  return {
    returnUrl,
    bookingKey: text(params, 'bookingKey'),
    shared: flag(params, 'shared'),
    isBookingRequest,
    dateOfBirth: text(params, 'dateOfBirth'),
    type: detectType(params.get('type'), returnUrl, isBookingRequest),
    staffBooking: flag(params, 'staffBooking'),
  };
}

/**
 * The parameters the flow needs; null (and a console warning,
 * docs/product/authentication.md#the-authentication-page) when one is missing.
 */
export function missingParameters(params: AuthenticationParams): string[] {
  const missing: string[] = [];
  if (!params.bookingKey) missing.push('bookingKey');
  if (!params.returnUrl) missing.push('returnUrl');
  if (!params.type) missing.push('type');
  return missing;
}

/**
 * The open-redirect guard: only a path on this site. '//host' and '/\host' are read by
 * browsers as another host, so they are refused, as is anything that resolves elsewhere.
 */
export function isSameOriginPath(url: string, origin: string): boolean {
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return false;
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Where the patient goes after authenticating
 * (docs/product/authentication.md#the-authentication-page: the appointment, pending appointment,
 * booking request or kiosk page, which is what returnUrl names). A shared link gets '?shared=true'
 * when returnUrl has no query. Null for an off-site returnUrl.
 */
export function authenticationTarget(
  returnUrl: string,
  shared: boolean,
  origin: string,
): string | null {
  if (!isSameOriginPath(returnUrl, origin)) return null;
  return shared && !returnUrl.includes('?') ? `${returnUrl}?shared=true` : returnUrl;
}

/**
 * /deny after too many attempts (docs/product/authentication.md#attempt-limits): the shared
 * message in shared mode, the results message when the URL concerns results, else the plain
 * max-attempts message. Shared mode comes first: a shared link is always a results page, so the
 * other order would never say it.
 */
export function maxAttemptsDenyUrl(urls: string[], shared: boolean): string {
  const query = new URLSearchParams({ maxAttempts: 'true' });
  if (shared) {
    query.set('message', 'max_attempts_reached_shared');
  } else if (urls.some((url) => url.includes('/result'))) {
    query.set('message', 'max_attempts_reached_results');
  }
  return `/deny?${query.toString()}`;
}

/**
 * Translation keys of the page title and body by type, shared link and staff booking. Without
 * a type there is no flow, so only the general title.
 */
export function authenticationTexts(
  params: Pick<AuthenticationParams, 'type' | 'shared' | 'staffBooking'>,
): { title: string; body: string | null } {
  if (!params.type) return { title: 'page.authentication.title', body: null };
  const type = params.type.toLowerCase();
  const variant = params.staffBooking ? 'body_staff' : params.shared ? 'body_shared' : 'body';
  return { title: `authentication.${type}.title`, body: `authentication.${type}.${variant}` };
}
