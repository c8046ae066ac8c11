import { readOnlyErrorCode } from '@portal/contract';
import { isApiError } from './api-client.ts';

/**
 * A write the server refused because the portal is in read-only mode (READ_ONLY=true, 503
 * READ_ONLY; docs/decisions/036-read-only-mode.md). Its message replaces the generic error:
 * nothing went wrong, the change is only paused.
 */
export const isReadOnlyRefusal = (error: unknown): boolean =>
  isApiError(error) && error.code === readOnlyErrorCode;

/** The title and message keys of that refusal, in the shape of the portal's refusal modals. */
export const readOnlyRefusal = {
  title: 'read_only.refused_title',
  message: 'read_only.refused',
} as const;
