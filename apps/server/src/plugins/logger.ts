import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import { redactedLogPaths, redactUrl } from './log-redaction.ts';

/** The request as logged: no headers, no body, and a URL with personal data masked. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}

export function buildLoggerOptions(level: string, pretty: boolean): LoggerOptions {
  return {
    level,
    redact: { paths: redactedLogPaths, censor: '[redacted]' },
    serializers: {
      req: serializeRequest as unknown as (value: unknown) => unknown,
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
