import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { isReadOnlyRefusal, readOnlyRefusal } from '../../../lib/read-only.ts';

/**
 * Appointment creation server errors (docs/product/booking.md#errors): status 505 or above gives
 * error.server_error_message.general_error, other statuses of 500 and above give
 * error.server_error_message.{status}; other errors pass through. Read-only mode's 503 says so
 * (decision 036), not that the service is busy.
 */
export function serverErrorMessage(error: unknown, t: TFunction): string {
  if (isReadOnlyRefusal(error)) return t(readOnlyRefusal.message);
  if (isApiError(error)) {
    if (error.status >= 505) return t('error.server_error_message.general_error');
    if (error.status >= 500) return t(`error.server_error_message.${error.status}`);
    return error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return t('error.server_error_message.general_error');
}
