import { isApiError } from '../../../lib/api-client.ts';
import { isReadOnlyRefusal, readOnlyRefusal } from '../../../lib/read-only.ts';

/**
 * The message of a refused document change (docs/product/attachments.md): the server's code in
 * the patient's words where `patient_portal.attachments.error.{code}` says it (FILE_TOO_LARGE,
 * FILE_TYPE_NOT_ALLOWED, ATTACHMENT_LIMIT_REACHED, APPOINTMENT_NOT_ACTIVE,
 * BOOKING_REQUEST_NOT_ACTIVE, UNKNOWN_DOCUMENT_TYPE), else the generic one: keys for i18next's
 * `t`, tried in order. Read-only mode's refusal says so (decision 036).
 */
export function attachmentFailureKeys(error: unknown): string[] {
  const generic = 'patient_portal.attachments.error.GENERIC';
  if (isReadOnlyRefusal(error)) return [readOnlyRefusal.message];
  return isApiError(error)
    ? [`patient_portal.attachments.error.${error.code}`, generic]
    : [generic];
}
