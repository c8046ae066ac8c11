// The patient pages for `npm run bench:web`: a real signed-in session on the demo
// bookings (through the API, as the browser signs in), the pages' addresses, and the JavaScript
// each page fetched in Lighthouse's load.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type {
  AppointmentsSummaryResponse,
  AuthenticationResponse,
  AuthenticationType,
  CanChangeStatusResponse,
  DevOutboxMessage,
  OtpValidateResponse,
} from '@portal/contract';
import type { LighthousePage } from './web-budget.ts';
import { viewerPage, viewerPageLabel } from './web-viewer.ts';

/**
 * The demo bookings `startPortal` seeds (apps/server/src/db/seed/demo-bookings.ts: keys,
 * demoPatient). Written out here: the bench project does not compile the server's sources.
 */
const demo = {
  appointmentKey: 'demo-appointment-key-000000000001',
  bookingRequestKey: 'demo-booking-request-key-0000000001',
  /** apps/server/src/db/seed/demo-results.ts: a completed appointment with a released report. */
  resultsKey: 'demo-results-key-0000000000000001',
  dateOfBirth: '1975-08-21',
  email: 'jordan.sample@example.org',
};

export type PatientPage =
  | 'appointment'
  | 'bookingRequest'
  | 'reschedule'
  | 'appointmentLink'
  | 'results'
  | 'kioskCheckIn'
  | 'viewer';

export const patientPageLabels: Record<PatientPage, string> = {
  appointment: '/appointments/{bookingKey}',
  bookingRequest: '/booking-requests/{bookingKey}',
  reschedule: '/appointments/{bookingKey}/reschedule/{appointmentId}',
  appointmentLink: '/appointment-links/{token} (invalid token)',
  results: '/appointments/{bookingKey}/result',
  kioskCheckIn: '/check-in?kioskMode=true (a named kiosk)',
  viewer: viewerPageLabel,
};

async function call<T>(
  portalUrl: string,
  path: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<{ body: T; cookie: string | undefined }> {
  const response = await fetch(`${portalUrl}${path}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  const session = response.headers
    .getSetCookie()
    .map((header) => /^portal_session=([^;]*)/.exec(header)?.[1])
    .find((value) => value);
  return { body: (await response.json()) as T, cookie: session && `portal_session=${session}` };
}

/** The code of the newest ACCESS_OTP message to the demo patient (the development outbox). */
async function demoOtp(portalUrl: string, after: Set<string>): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { body } = await call<DevOutboxMessage[]>(portalUrl, '/api/dev/outbox?limit=50');
    const message = body.find(
      (item) =>
        item.template === 'ACCESS_OTP' && item.recipient === demo.email && !after.has(item.id),
    );
    const code = message && /\b(\d{6})\b/.exec(message.bodyText)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no OTP message to the demo patient in the development outbox within 15 s');
}

/**
 * Signs a demo booking in as the browser does: booking key and date of birth, then (when the
 * provider's authentication.json asks for it) the OTP from the development outbox. Answers the
 * AUTHENTICATED session cookie, checked with GET /api/authentication/session.
 */
async function signIn(
  portalUrl: string,
  bookingKey: string,
  authenticationType: AuthenticationType,
): Promise<string> {
  const outboxBefore = new Set(
    (await call<DevOutboxMessage[]>(portalUrl, '/api/dev/outbox?limit=50')).body.map(
      (item) => item.id,
    ),
  );
  const first = await call<AuthenticationResponse>(portalUrl, '/api/authentication', {
    body: { bookingKey, dateOfBirth: demo.dateOfBirth, authenticationType },
  });
  if (!first.body.success || !first.cookie) {
    throw new Error(`sign-in of ${bookingKey} failed: ${JSON.stringify(first.body)}`);
  }
  let cookie = first.cookie;
  if (first.body.otpRequired) {
    const otp = await demoOtp(portalUrl, outboxBefore);
    const validated = await call<OtpValidateResponse>(
      portalUrl,
      '/api/authentication/otp/validate',
      { body: { otp, bookingKey, authenticationType }, cookie },
    );
    if (!validated.body.success || !validated.cookie) {
      throw new Error(`OTP of ${bookingKey} refused: ${JSON.stringify(validated.body)}`);
    }
    cookie = validated.cookie;
  }
  const query = new URLSearchParams({ bookingKey, authenticationType });
  await call(portalUrl, `/api/authentication/session?${query}`, { cookie });
  return cookie;
}

/**
 * The patient pages with what Lighthouse needs to load them as a signed-in patient; with `pacs`
 * (the portal has one, bench/web-viewer.ts) the image viewer's report page too.
 */
export async function patientPages(
  portalUrl: string,
  options: { pacs?: boolean } = {},
): Promise<Partial<Record<PatientPage, LighthousePage>>> {
  const appointmentCookie = await signIn(portalUrl, demo.appointmentKey, 'APPOINTMENT');
  const bookingRequestCookie = await signIn(portalUrl, demo.bookingRequestKey, 'BOOKING_REQUEST');
  const resultsCookie = await signIn(portalUrl, demo.resultsKey, 'APPOINTMENT_RESULTS');
  const key = encodeURIComponent(demo.appointmentKey);
  const { body: summary } = await call<AppointmentsSummaryResponse>(
    portalUrl,
    `/api/secured/appointments/${key}`,
    { cookie: appointmentCookie },
  );
  const appointment = summary.appointments.find((item) => item.status === 'BOOKED');
  if (!appointment) throw new Error(`no BOOKED appointment under ${demo.appointmentKey}`);
  const id = encodeURIComponent(appointment.id);
  const { body: status } = await call<CanChangeStatusResponse>(
    portalUrl,
    `/api/secured/appointments/${key}/items/${id}/change-status?change=RESCHEDULE`,
    { cookie: appointmentCookie },
  );
  if (!status.canChange) {
    console.log(`The demo appointment cannot be moved (${status.reason}): the reschedule page`);
    console.log('is measured showing that refusal, not its calendar of times.');
  }
  const secured = (path: string, cookie: string): LighthousePage => ({
    url: `${portalUrl}${path}`,
    headers: { Cookie: cookie },
    check: signedInCheck,
  });
  return {
    appointment: secured(`/appointments/${key}`, appointmentCookie),
    bookingRequest: secured(
      `/booking-requests/${encodeURIComponent(demo.bookingRequestKey)}`,
      bookingRequestCookie,
    ),
    reschedule: secured(`/appointments/${key}/reschedule/${id}`, appointmentCookie),
    appointmentLink: { url: `${portalUrl}/appointment-links/bench-not-a-valid-link-token` },
    results: secured(`/appointments/${encodeURIComponent(demo.resultsKey)}/result`, resultsCookie),
    // A tablet named once by staff: its two identity cookies (docs/product/kiosk.md), no patient.
    // In the browser's jar, not a header: the page reads them from document.cookie.
    kioskCheckIn: {
      url: `${portalUrl}/check-in?kioskMode=true`,
      cookies: [
        { name: 'kioskIdentity', value: 'Bench%20kiosk' },
        { name: 'patientKioskIdentity', value: randomUUID() },
      ],
    },
    ...(options.pacs ? { viewer: await viewerPage(portalUrl, resultsCookie) } : {}),
  };
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  statusCode: number;
  transferSize?: number;
}

export const networkRequests = (lhr: { audits: Record<string, { details?: unknown }> }) =>
  ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ??
    []) as NetworkRequest[];

/** A secured page must have loaded its data with the session: one 200 from /api/secured/, no 401. */
function signedInCheck(lhr: Parameters<typeof networkRequests>[0], url: string): void {
  const api = networkRequests(lhr).filter((request) =>
    new URL(request.url).pathname.startsWith('/api/secured/'),
  );
  if (!api.some((request) => request.statusCode === 200) || api.some((r) => r.statusCode === 401)) {
    throw new Error(
      `${url} did not load as a signed-in patient: ${JSON.stringify(api.map((r) => [r.url, r.statusCode]))}`,
    );
  }
}

/** The same-origin scripts a page fetched in a Lighthouse load: paths and bytes on the wire. */
export function fetchedScripts(
  lhr: Parameters<typeof networkRequests>[0],
  origin: string,
): { paths: string[]; transferBytes: number } {
  const scripts = networkRequests(lhr).filter(
    (request) => request.resourceType === 'Script' && new URL(request.url).origin === origin,
  );
  return {
    paths: [...new Set(scripts.map((request) => new URL(request.url).pathname))].sort(),
    transferBytes: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
  };
}

/** The gzip size of built files (as `initialBundle` measures index.html's own references). */
export function gzipBytesOf(distDir: string, paths: string[]): number {
  let total = 0;
  for (const path of paths) {
    const file = join(distDir, path);
    if (!existsSync(file)) throw new Error(`${file} is gone: apps/web/dist was rebuilt mid-run`);
    total += gzipSync(readFileSync(file)).length;
  }
  return total;
}
