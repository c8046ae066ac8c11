/**
 * Browser errors to the provider's Sentry-compatible DSN (integration config `sentryDSN`,
 * docs/product/shell-and-configuration.md#error-reporting, decision 037). This part is in the
 * entry and only listens: the code that builds and sends a report (error-report-sender.ts)
 * loads on the first error, and only when a DSN is configured.
 */

// Types only: the sender's code stays in its own chunk.
import type { ErrorReportingConfig, ErrorSource } from './error-report-sender.ts';

export type { ErrorReportingConfig, ErrorSource };

/** Reports per page load at most: a render loop must not flood the collector. */
const maxReports = 10;

let config: ErrorReportingConfig | undefined;
let queued: Array<[unknown, ErrorSource]> = [];
const seen = new Set<string>();

function fingerprint(error: unknown): string {
  if (error instanceof Error) return `${error.name}|${error.message}|${error.stack ?? ''}`;
  return `${typeof error}|${String(error)}`;
}

function send(active: ErrorReportingConfig, error: unknown, source: ErrorSource) {
  const key = fingerprint(error);
  // StrictMode renders a route error twice; the same error is one report.
  if (seen.has(key) || seen.size >= maxReports) return;
  seen.add(key);
  import('./error-report-sender.ts')
    .then(({ sendErrorReport }) => sendErrorReport(active, error, source))
    .catch(() => {
      // Reporting never becomes an error of its own.
    });
}

/** Reports an error; before the configuration has arrived it waits (a few at most). */
export function reportError(error: unknown, source: ErrorSource): void {
  if (config === undefined) {
    if (queued.length < maxReports) queued.push([error, source]);
    return;
  }
  if (config.dsn) send(config, error, source);
}

/** The integration and application configuration has arrived (Startup). */
export function configureErrorReporting(next: ErrorReportingConfig): void {
  config = next;
  const waiting = queued;
  queued = [];
  for (const [error, source] of waiting) reportError(error, source);
}

/** Listens for uncaught errors and unhandled rejections (main.tsx, once). */
export function installErrorReporting(target: Window = window): void {
  target.addEventListener('error', (event: ErrorEvent) => {
    // A cross-origin script's error is only "Script error." with nothing to report.
    if (event.error !== undefined && event.error !== null) reportError(event.error, 'window.error');
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    reportError(event.reason, 'unhandledrejection');
  });
}

/** For tests: forget the configuration, the queue and what was sent. */
export function resetErrorReporting(): void {
  config = undefined;
  queued = [];
  seen.clear();
}
