import type { ErrorResponse, FieldError } from '@portal/contract';
import { embeddedRequestHeader, isEmbedded } from './embedding.ts';

/**
 * The authenticated-check call (docs/product/authentication.md#the-401-rule): a 401 here means
 * "anonymous", so it must not trigger the logout / re-authentication hook that a 401 anywhere else
 * triggers.
 */
export const AUTH_CHECK_PATH = '/api/account';

/**
 * The patient's authenticated check (`GET /api/authentication/session?bookingKey=`): its 401
 * sends the patient to the authentication page without a logout, so it is exempt too.
 */
export const PATIENT_SESSION_PATH = '/api/authentication/session';

const exemptFromUnauthorized = new Set([AUTH_CHECK_PATH, PATIENT_SESSION_PATH]);

/**
 * A failed API call, carrying the contract error body (docs/product/README.md#api-conventions) when
 * there was one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly fields: FieldError[];

  constructor(
    status: number,
    code: string,
    message: string,
    options: { requestId?: string | undefined; fields?: FieldError[] | undefined } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.requestId = options.requestId;
    this.fields = options.fields ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type UnauthorizedHandler = (error: ApiError, path: string) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Registers what a 401 does (log the client out and, on a patient page, re-authenticate).
 * Returns a function that unregisters it.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

function isErrorResponse(value: unknown): value is ErrorResponse {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

function isBlob(value: unknown): value is Blob {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Blob).text === 'function' &&
    typeof (value as Blob).size === 'number'
  );
}

const fallbackCodes: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * Turns an error body into an ApiError. The body may be text, parsed JSON or a Blob (a call
 * that expected a file gets its JSON error body as a Blob).
 */
export async function toApiError(status: number, body: unknown): Promise<ApiError> {
  // Duck-typed: a Blob from fetch may come from another realm than the global Blob.
  const parsed: unknown = isBlob(body) ? await body.text() : body;
  let value: unknown = parsed;
  if (typeof parsed === 'string') {
    try {
      value = JSON.parse(parsed);
    } catch {
      // Not JSON (a proxy's HTML page, say): fall through to the generic error below.
    }
  }
  if (isErrorResponse(value)) {
    const { code, message, requestId, fields } = value.error;
    return new ApiError(status, code, message, { requestId, fields });
  }
  const code = fallbackCodes[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR');
  return new ApiError(status, code, `Request failed with status ${status}`);
}

export type ResponseType = 'json' | 'blob' | 'text';

export interface RequestOptions<R extends ResponseType = 'json'> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  responseType?: R;
  signal?: AbortSignal;
  /** The request outlives the page (a logout sent as the patient leaves). */
  keepalive?: boolean;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** Calls the portal API. Resolves with the body; rejects with ApiError (or a network TypeError). */
export async function apiRequest<T, R extends ResponseType = 'json'>(
  path: string,
  options: RequestOptions<R> = {},
): Promise<R extends 'blob' ? Blob : R extends 'text' ? string : T> {
  const { method = 'GET', body, query, responseType = 'json', signal, keepalive } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (isEmbedded()) headers[embeddedRequestHeader] = '1';
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const response = await fetch(buildUrl(path, query), {
    method,
    headers,
    body: payload,
    credentials: 'same-origin',
    signal,
    ...(keepalive ? { keepalive } : {}),
  });

  if (!response.ok) {
    const errorBody = responseType === 'blob' ? await response.blob() : await response.text();
    const error = await toApiError(response.status, errorBody);
    if (response.status === 401 && !exemptFromUnauthorized.has(path)) {
      unauthorizedHandler?.(error, path);
    }
    throw error;
  }

  type Result = R extends 'blob' ? Blob : R extends 'text' ? string : T;
  if (responseType === 'blob') return (await response.blob()) as Result;
  if (responseType === 'text') return (await response.text()) as Result;
  if (response.status === 204) return undefined as Result;
  return (await response.json()) as Result;
}

export function apiGet<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
  return apiRequest<T>(path, { ...options, method: 'GET' });
}
