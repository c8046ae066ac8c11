import type { FieldError } from '@portal/contract';

/**
 * Base of every typed error a service throws. The one error handler
 * (plugins/error-handler.ts) turns it into `{ error: { code, message, ... } }`
 * with this status; services never think in HTTP beyond choosing the class.
 */
export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
  abstract readonly code: string;
  readonly fields: FieldError[] | undefined;

  constructor(message: string, fields?: FieldError[]) {
    super(message);
    this.name = new.target.name;
    this.fields = fields;
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
