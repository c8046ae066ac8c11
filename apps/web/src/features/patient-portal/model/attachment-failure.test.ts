import { attachmentErrorCodes, bookingErrorCodes } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import enAU from '../../../../../../packages/translations/locales/en-AU.json';
import { ApiError } from '../../../lib/api-client.ts';
import { createI18n } from '../../../lib/i18n.ts';
import { attachmentFailureKeys } from './attachment-failure.ts';

describe('attachmentFailureKeys', () => {
  const { t } = createI18n('en-AU', enAU);
  const say = (error: unknown) => t(attachmentFailureKeys(error));

  it('names each refusal the server gives an upload, and anything else generically', () => {
    const generic = t('patient_portal.attachments.error.GENERIC');
    const refusals: Array<[number, string]> = [
      [413, bookingErrorCodes.fileTooLarge],
      [415, bookingErrorCodes.fileTypeNotAllowed],
      [409, attachmentErrorCodes.attachmentLimitReached],
      [409, attachmentErrorCodes.appointmentNotActive],
      [409, attachmentErrorCodes.bookingRequestNotActive],
      [422, attachmentErrorCodes.unknownDocumentType],
    ];
    for (const [status, code] of refusals) {
      const message = say(new ApiError(status, code, 'x'));
      expect(message).not.toBe(generic);
      expect(message).not.toContain('patient_portal');
    }
    expect(say(new ApiError(413, 'FILE_TOO_LARGE', 'x'))).toBe(
      'The file is too large. Choose a smaller file.',
    );
    expect(say(new ApiError(500, 'INTERNAL_ERROR', 'x'))).toBe(generic);
    expect(say(new TypeError('offline'))).toBe(generic);
  });
});
