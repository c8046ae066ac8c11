import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { uploadReferral } from '../api/booking-api.ts';
import { ensureBookingKey } from '../model/booking-session.ts';
import { serverErrorMessage } from '../model/server-error-message.ts';
import styles from './booking.module.css';

/**
 * Is this file's type one the booking form config allows (docs/product/booking.md#referral-upload)?
 */
export function isAllowedReferral(file: File, validTypes: readonly string[]): boolean {
  return validTypes.includes(file.type);
}

/**
 * The referral upload: only validReferralContentTypes; any other file is cleared with a hint.
 * The file goes up as soon as it is chosen, under the booking key (made now if need be).
 */
export function ReferralUpload({
  validTypes,
  examSlug,
  groupName,
  documentTypeId,
  onUploaded,
}: {
  validTypes: string[];
  examSlug: string | undefined;
  groupName: string;
  /** A questionnaire outcome asks for this document type: the upload is then required. */
  documentTypeId: number | null;
  onUploaded: (uploaded: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    setProblem(null);
    setUploaded(null);
    onUploaded(false);
    if (!file) return;
    if (!isAllowedReferral(file, validTypes)) {
      input.value = '';
      setProblem(t('form.referral_file_types', { types: validTypes.join(', ') }));
      return;
    }
    setBusy(true);
    try {
      const bookingKey = await ensureBookingKey();
      await uploadReferral(bookingKey, file, {
        ...(examSlug ? { examSlug } : {}),
        ...(documentTypeId !== null ? { documentTypeId } : {}),
        groupName,
      });
      setUploaded(file.name);
      onUploaded(true);
    } catch (error) {
      input.value = '';
      setProblem(serverErrorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Field
      id={id}
      label={t(
        documentTypeId !== null ? 'booking.form.referral_required' : 'booking.form.referral',
      )}
      hint={t(
        documentTypeId !== null
          ? 'booking.form.referral_required_hint'
          : 'booking.form.referral_hint',
      )}
      error={problem}
      // The refusal comes after the file was chosen, not on submit: said as it appears.
      announceError
    >
      {(control) => (
        <>
          <input
            {...control}
            type="file"
            accept={validTypes.join(',')}
            required={documentTypeId !== null}
            onChange={onChange}
          />
          <p role="status" className={styles.hint}>
            {busy
              ? t('booking.form.uploading')
              : uploaded
                ? t('booking.form.uploaded', { name: uploaded })
                : ''}
          </p>
        </>
      )}
    </Field>
  );
}
