import { randomUUID } from 'node:crypto';
import {
  buildErrorReportEvent,
  type ErrorReportContext,
  errorReportEnvelope,
  parseErrorReportDsn,
} from '@portal/contract';
import type { Clock } from './clock.ts';

/** Reports an unexpected error; never throws and never waits (decision 037). */
export type ErrorReporter = (
  error: unknown,
  context: ErrorReportContext,
  known?: readonly string[],
) => void;

export interface ErrorReporterOptions {
  /** integration.json `sentryDSN.key`; null sends nothing. */
  dsn: string | null;
  release: string;
  environment: string;
  clock: Clock;
  timeoutMs?: number;
  /** Reports on their way at once at most; more are dropped (a storm of 500s is one story). */
  maxInFlight?: number;
  log?: (error: unknown) => void;
}

/**
 * Sends each report to the DSN's envelope endpoint, fire-and-forget with a short timeout, so a
 * slow or failing collector can never change or delay an answer.
 */
export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter | null {
  const target = parseErrorReportDsn(options.dsn);
  if (!target) return null;
  const timeoutMs = options.timeoutMs ?? 3000;
  const maxInFlight = options.maxInFlight ?? 20;
  let inFlight = 0;
  return (error, context, known = []) => {
    if (inFlight >= maxInFlight) return;
    let body: string;
    try {
      const now = options.clock.now();
      const event = buildErrorReportEvent(
        error,
        context,
        {
          platform: 'node',
          release: options.release,
          environment: options.environment,
          eventId: randomUUID().replace(/-/g, ''),
          timestamp: now,
        },
        known,
      );
      body = errorReportEnvelope(event, now);
    } catch (buildError) {
      options.log?.(buildError);
      return;
    }
    inFlight += 1;
    fetch(target.envelopeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    })
      .then((response) => response.body?.cancel())
      .catch((sendError: unknown) => options.log?.(sendError))
      .finally(() => {
        inFlight -= 1;
      });
  };
}

/**
 * The values a request carried (path parameters, query, body, cookies), so the report can
 * replace them wherever an error message repeats one. Bounded: a huge body is not walked.
 */
export function requestValues(...sources: unknown[]): string[] {
  const values = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (values.size >= 500 || depth > 6) return;
    if (typeof value === 'string' || typeof value === 'number') {
      const text = String(value);
      if (text.length >= 3) values.add(text);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (value && typeof value === 'object') {
      for (const item of Object.values(value)) visit(item, depth + 1);
    }
  };
  for (const source of sources) visit(source, 0);
  return [...values];
}
