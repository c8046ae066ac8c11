import { buildErrorReportEvent, errorReportEnvelope, parseErrorReportDsn } from '@portal/contract';
import { isApiError } from './api-client.ts';

export interface ErrorReportingConfig {
  dsn: string | null;
  release: string | null;
  environment: string;
}

export type ErrorSource = 'window.error' | 'unhandledrejection' | 'route-error';

function eventId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Builds the report from the allow-list (packages/contract/src/error-report.ts: the page's path
 * with keys replaced and no query, the request id and status of a failed API answer, the
 * scrubbed message and stack) and sends it. Loaded on demand by error-reporting.ts.
 */
export async function sendErrorReport(
  config: ErrorReportingConfig,
  error: unknown,
  source: ErrorSource,
): Promise<void> {
  const target = parseErrorReportDsn(config.dsn);
  if (!target) return;
  const api = isApiError(error) ? error : null;
  const now = new Date();
  const event = buildErrorReportEvent(
    error,
    {
      source,
      requestId: api?.requestId ?? null,
      status: api?.status ?? null,
      path: window.location.pathname,
    },
    {
      platform: 'javascript',
      release: config.release,
      environment: config.environment,
      eventId: eventId(),
      timestamp: now,
    },
  );
  // A plain-text body is a simple request (no preflight), as Sentry's own browser SDK sends.
  await fetch(target.envelopeUrl, {
    method: 'POST',
    body: errorReportEnvelope(event, now),
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    keepalive: true,
    signal: AbortSignal.timeout(5000),
  });
}
