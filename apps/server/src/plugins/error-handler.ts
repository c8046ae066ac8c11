import {
  type ErrorParams,
  type ErrorResponse,
  errorCodes,
  type FieldError,
} from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorReporter } from '../adapters/error-reporting.ts';
import { DomainError } from '../domain-error.ts';
import { reportUnexpected } from './error-reporting.ts';

const fastifyCodes: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: errorCodes.validation,
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: errorCodes.validation,
    message: 'The request body is empty but the content type says JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: errorCodes.payloadTooLarge,
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: errorCodes.unsupportedMediaType,
    message: 'The content type of the request is not supported.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: errorCodes.validation,
    message: 'The Content-Length header does not match the body.',
  },
};

const statusCodes: Record<number, string> = {
  400: errorCodes.validation,
  401: errorCodes.unauthorized,
  403: errorCodes.forbidden,
  404: errorCodes.notFound,
  409: errorCodes.conflict,
  413: errorCodes.payloadTooLarge,
  415: errorCodes.unsupportedMediaType,
  429: errorCodes.tooManyRequests,
};

function send(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  fields?: FieldError[],
  params?: ErrorParams,
) {
  const body: ErrorResponse = {
    error: {
      code,
      message,
      requestId: String(reply.request.id),
      ...(fields ? { fields } : {}),
      ...(params ? { params } : {}),
    },
  };
  // Error bodies are never cached, whatever route produced them.
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('application/json')
    .send(body);
}

function toFields(error: FastifyError): FieldError[] {
  const context = error.validationContext;
  return (error.validation ?? []).map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return {
      path: path === '' ? (context ?? '') : path,
      message: issue.message ?? 'is invalid',
    };
  });
}

/**
 * The one place errors become HTTP answers (docs/product/README.md#api-conventions). Bad input is a
 * 4xx with the contract's error body; anything unexpected is logged in full
 * and answered with a 500 that reveals nothing.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance, options: { report?: ErrorReporter | null } = {}) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const where = error.validationContext ?? 'request';
        return send(
          reply,
          400,
          errorCodes.validation,
          `The ${where} is not valid.`,
          toFields(error),
        );
      }
      if (error instanceof DomainError) {
        return send(reply, error.statusCode, error.code, error.message, error.fields, error.params);
      }
      const known = error.code ? fastifyCodes[error.code] : undefined;
      if (known) return send(reply, known.status, known.code, known.message);
      if (isResponseSerializationError(error)) {
        request.log.error(
          { err: error, issues: error.cause?.issues },
          'response failed its schema',
        );
        reportUnexpected(options.report, error, request, 500);
        return send(reply, 500, errorCodes.internal, 'Something went wrong on our side.');
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return send(reply, status, statusCodes[status] ?? errorCodes.validation, error.message);
      }
      request.log.error({ err: error }, 'request failed');
      reportUnexpected(options.report, error, request, status === 503 ? 503 : 500);
      return send(
        reply,
        status === 503 ? 503 : 500,
        status === 503 ? errorCodes.unavailable : errorCodes.internal,
        'Something went wrong on our side. Please try again later.',
      );
    });
  },
  { name: 'error-handler' },
);

/** JSON 404 for anything under /api (and any non-GET); the web app plugin handles the rest. */
export function sendNotFound(reply: FastifyReply) {
  return send(reply, 404, errorCodes.notFound, 'There is nothing at this address.');
}

export function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return send(reply, status, code, message);
}
