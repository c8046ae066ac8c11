/**
 * Error reports to a Sentry-compatible DSN (integration config `sentryDSN`), built the same way
 * by the server and the browser (docs/product/shell-and-configuration.md#error-reporting,
 * decision 037). An event is made from an allow-list of fields only; the free text it carries
 * (the error's message, its stack's function names) is scrubbed of anything that looks like a
 * key, an e-mail address, a quoted value or a number sequence before it leaves.
 */

/** Where a DSN's events go: the envelope endpoint with the public key in the query. */
export interface ErrorReportTarget {
  envelopeUrl: string;
}

/** `https://<public key>@<host>[/<path>]/<project id>` → its envelope endpoint, or null. */
export function parseErrorReportDsn(dsn: string | null | undefined): ErrorReportTarget | null {
  if (!dsn) return null;
  let url: URL;
  try {
    url = new URL(dsn.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const match = /^(.*)\/([A-Za-z0-9_-]+)\/?$/.exec(url.pathname);
  if (!url.username || !match) return null;
  const query = new URLSearchParams({
    sentry_key: decodeURIComponent(url.username),
    sentry_version: '7',
    sentry_client: 'portal-error-reporting/1',
  });
  return {
    envelopeUrl: `${url.protocol}//${url.host}${match[1]}/api/${match[2]}/envelope/?${query}`,
  };
}

const email = /[^\s@"'`<>()[\]{},;:]+@[^\s@"'`<>()[\]{},;:]+\.[A-Za-z]{2,}/g;
const queryString = /\?[^\s"'`)\]]*/g;
const quoted = /"[^"\n]*"|`[^`\n]*`/g;
const token = /[A-Za-z0-9_-]{16,}/g;
const numberSequence = /\+?\d[\d\s()./-]*\d/g;
// Words a person or a program wrote (camelCase, snake_case, kebab-case, CONSTANT_CASE); a random
// key practically never has this shape (decision 037).
const wordLike =
  /^(?:[a-z]+(?:[A-Z][a-z]+)*|[A-Z][a-z]+(?:[A-Z][a-z]+)*|[a-z]+(?:[_-][a-z]+)*|[A-Z]+(?:_[A-Z]+)*)$/;

const digitCount = (text: string) => text.replace(/\D/g, '').length;

/**
 * Free text as it may be reported: e-mails, query strings, double-quoted and backticked values
 * (where database and validation errors put the input they refused), key-like tokens and any
 * number sequence of four digits or more (phones, dates of birth, Medicare numbers) replaced.
 * `known` are values the request carried (the server's own copy of them), replaced first.
 */
export function scrubText(text: string, known: readonly string[] = []): string {
  let result = text;
  for (const value of [...known].sort((a, b) => b.length - a.length)) {
    if (value.length >= 3) result = result.split(value).join('[value]');
  }
  return result
    .replace(email, '[email]')
    .replace(queryString, '?[query]')
    .replace(quoted, (match) => `${match[0]}[value]${match[0]}`)
    .replace(token, (match) => (wordLike.test(match) ? match : '[key]'))
    .replace(numberSequence, (match) => (digitCount(match) >= 4 ? '[number]' : match));
}

// Path segments followed by a booking key or a link's token (apps/web/src/app/router.tsx).
const keyedPrefixes = new Set([
  'appointments',
  'a',
  'booking-requests',
  'booking_requests',
  'br',
  'appointment-links',
  'bookings',
  'booking-keys',
]);
const routeWord = /^(?::[A-Za-z]+|\*|[a-z]+(?:[-_.][a-z]+)*)$/;

/**
 * A page or route path as it may be reported: no query or fragment, and every segment that is
 * not a plain lower-case word (or a route parameter such as `:bookingKey`) becomes `:id`, as
 * does the segment after a prefix that names a booking (`/appointments/pending/<key>`).
 */
export function scrubPath(path: string): string {
  const bare = path.replace(/[?#].*$/, '');
  let maskNext = false;
  return bare
    .split('/')
    .map((segment) => {
      if (segment === '') return segment;
      const plain = routeWord.test(segment) && segment.length <= 40;
      if (maskNext && segment !== 'pending') {
        maskNext = false;
        return segment.startsWith(':') ? segment : ':id';
      }
      if (keyedPrefixes.has(segment)) maskNext = true;
      return plain ? segment : ':id';
    })
    .join('/');
}

export interface ErrorReportFrame {
  function?: string;
  filename?: string;
  lineno?: number;
  colno?: number;
  in_app: boolean;
}

const v8Frame = /^\s*at (?:async )?(?:(.+?) \()?(.+?):(\d+):(\d+)\)?\s*$/;
const geckoFrame = /^\s*(.*?)@(.+?):(\d+):(\d+)\s*$/;

function frameFile(file: string): string {
  const bare = file.replace(/[?#].*$/, '');
  return bare.replace(token, (match) => (wordLike.test(match) ? match : '[key]'));
}

/** A stack as Sentry frames (oldest call first), with scrubbed names and no query strings. */
export function stackFrames(stack: string | undefined, known: readonly string[] = []) {
  const frames: ErrorReportFrame[] = [];
  for (const line of (stack ?? '').split('\n')) {
    const match = v8Frame.exec(line) ?? geckoFrame.exec(line);
    if (!match) continue;
    const [, name, file, lineno, colno] = match;
    const filename = frameFile(file!);
    frames.push({
      ...(name ? { function: scrubText(name, known) } : {}),
      filename,
      lineno: Number(lineno),
      colno: Number(colno),
      in_app: !filename.includes('node_modules'),
    });
    if (frames.length === 50) break;
  }
  return frames.reverse();
}

/** The only things an event may say besides the scrubbed error (decision 037). */
export interface ErrorReportContext {
  requestId?: string | null | undefined;
  /** The server's route pattern (`/api/appointments/:bookingKey`), never the URL. */
  route?: string | null | undefined;
  method?: string | null | undefined;
  status?: number | null | undefined;
  /** The browser's page path; scrubbed again here. */
  path?: string | null | undefined;
  /** What caught it: `server`, `window.error`, `unhandledrejection`, `route-error`. */
  source: string;
}

export interface ErrorReportEnvironment {
  platform: 'node' | 'javascript';
  release: string | null;
  environment: string;
  eventId: string;
  timestamp: Date;
}

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;
const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function errorParts(error: unknown): { type: string; value: string; stack?: string | undefined } {
  if (error instanceof Error) {
    return { type: error.name || 'Error', value: error.message, stack: error.stack };
  }
  if (typeof error === 'string') return { type: 'Error', value: error };
  // Any other thrown value may be a whole record: its shape is all that is said about it.
  return { type: 'NonError', value: `A non-error value was thrown (${typeof error}).` };
}

/** The Sentry event, field by field from the allow-list. */
export function buildErrorReportEvent(
  error: unknown,
  context: ErrorReportContext,
  environment: ErrorReportEnvironment,
  known: readonly string[] = [],
) {
  const parts = errorParts(error);
  const tags: Record<string, string> = { source: scrubText(context.source) };
  if (context.requestId && requestIdPattern.test(context.requestId)) {
    tags.request_id = context.requestId;
  }
  if (context.route) tags.route = scrubPath(context.route);
  const method = context.method?.toUpperCase();
  if (method && methods.has(method)) tags.method = method;
  if (Number.isInteger(context.status)) tags.status = String(context.status);
  if (context.path) tags.path = scrubPath(context.path);
  const frames = stackFrames(parts.stack, known);
  return {
    event_id: environment.eventId,
    timestamp: environment.timestamp.getTime() / 1000,
    platform: environment.platform,
    level: 'error',
    logger: 'portal',
    ...(environment.release ? { release: environment.release } : {}),
    environment: environment.environment,
    ...(tags.route || tags.path
      ? { transaction: `${tags.method ? `${tags.method} ` : ''}${tags.route ?? tags.path}` }
      : {}),
    tags,
    exception: {
      values: [
        {
          type: scrubText(parts.type, known),
          value: scrubText(parts.value, known).slice(0, 1000),
          ...(frames.length > 0 ? { stacktrace: { frames } } : {}),
        },
      ],
    },
  };
}

export type ErrorReportEvent = ReturnType<typeof buildErrorReportEvent>;

/** The envelope body: a header line, the item's header line, the event. */
export function errorReportEnvelope(event: ErrorReportEvent, sentAt: Date): string {
  return [
    JSON.stringify({ event_id: event.event_id, sent_at: sentAt.toISOString() }),
    JSON.stringify({ type: 'event', content_type: 'application/json' }),
    JSON.stringify(event),
  ].join('\n');
}
