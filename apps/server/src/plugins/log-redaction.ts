/**
 * What the request log may say about a URL. Booking keys, dates of birth,
 * contact details, e-mails and one-time passwords must never reach the logs
 * in clear (docs/product/security.md#logs-and-configuration-html): query values are
 * masked by name, and the path segment after an appointment or booking-request prefix
 * is masked too.
 */

export const REDACTED = '[redacted]';

const sensitiveQueryNames = new Set(
  [
    'bookingKey',
    'key',
    'dateOfBirth',
    'dob',
    'populatedDoB',
    'contactNumber',
    'phone',
    'email',
    'otp',
    'token',
    'imsec',
    // GET /api/image_viewer?input={imsec}: a viewer link's token (docs/product/images.md).
    'input',
    'referenceId',
    'firstName',
    'lastName',
    'username',
  ].map((name) => name.toLowerCase()),
);

/** Path segments followed by a booking key or an appointment/request id. */
const keyedPrefixes = new Set([
  'appointments',
  'a',
  'booking-requests',
  'booking_requests',
  'booking-keys',
  // /api/integration/bookings/{bookingKey}/... (the provider's systems)
  'bookings',
  'br',
  'check-in',
  'referrer-access',
]);

/** Words that may sit between a prefix and the key (`/appointments/pending/{key}`). */
const transparentWords = new Set(['pending']);

function redactPath(path: string): string {
  const segments = path.split('/');
  const secured = segments[1] === 'api' && segments[2] === 'secured';
  let maskNext = false;
  return segments
    .map((segment, index) => {
      if (maskNext && segment !== '') {
        if (transparentWords.has(segment.toLowerCase())) return segment;
        maskNext = false;
        return REDACTED;
      }
      if (keyedPrefixes.has(segment.toLowerCase())) maskNext = true;
      // Anything under /api/secured/<area>/ names a patient's booking: mask the identifier.
      else if (secured && index === 3) maskNext = true;
      return segment;
    })
    .join('/');
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      return sensitiveQueryNames.has(name.toLowerCase()) && equals !== -1
        ? `${rawName}=${REDACTED}`
        : pair;
    })
    .join('&');
}

/** The URL as it may be logged. */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const question = withoutHash.indexOf('?');
  if (question === -1) return redactPath(withoutHash);
  return `${redactPath(withoutHash.slice(0, question))}?${redactQuery(withoutHash.slice(question + 1))}`;
}

/** Body and object keys pino masks wherever they appear (defence in depth). */
export const redactedLogPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...[
    'dateOfBirth',
    'contactNumber',
    'email',
    'otp',
    'bookingKey',
    'password',
    // The check-in form's Medicare number and IRN (docs/product/check-in.md).
    'medicareNumber',
    'referenceNumber',
  ].flatMap((key) => [key, `*.${key}`]),
];
