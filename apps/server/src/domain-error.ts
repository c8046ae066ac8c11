import type { ErrorParams, FieldError } from '@portal/contract';

/**
 * Base of every typed error a service throws. The one error handler
 * (plugins/error-handler.ts) turns it into `{ error: { code, message, ... } }`
 * with this status; services never think in HTTP beyond choosing the class.
 */
export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
  abstract readonly code: string;
  readonly fields: FieldError[] | undefined;
  /** Sent as error.params: what the code's message interpolates or the client acts on. */
  readonly params: ErrorParams | undefined;

  constructor(message: string, fields?: FieldError[], params?: ErrorParams) {
    super(message);
    this.name = new.target.name;
    this.fields = fields;
    this.params = params;
  }
}

export class NotFoundError extends DomainError {
  readonly statusCode = 404;
  readonly code: string = 'NOT_FOUND';
}

export class UnauthorizedError extends DomainError {
  readonly statusCode = 401;
  readonly code: string = 'UNAUTHORIZED';
}

export class ServiceUnavailableError extends DomainError {
  readonly statusCode = 503;
  readonly code: string = 'SERVICE_UNAVAILABLE';
}
