import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { deleteReferral, uploadReferral } from '../api/booking-api.ts';
import { ensureBookingKey } from '../model/booking-session.ts';
import { serverErrorMessage } from '../model/server-error-message.ts';
import styles from './booking.module.css';

/**
 * Is this file's type one the booking form config allows (docs/product/booking.md#referral-upload)?
 */
export function isAllowedReferral(file: File, validTypes: readonly string[]): boolean {
  return validTypes.includes(file.type);
}

/** The referral on the booking key now: what the control replaces or deletes. */
interface Uploaded {
  id: string;
  fileName: string;
}

/**
 * The referral upload: only validReferralContentTypes; any other file is cleared with a hint.
 * The file goes up as soon as it is chosen, under the booking key (made now if need be); a
 * file chosen again replaces it (the field holds one referral, so the earlier one is taken
 * back). The admin portal mode (staff booking for a patient, `staff`) reads Upload or Update
 * with a Delete button once a file is there and no instruction text
 * (docs/product/booking.md#referral-upload); `disabled` while the form is being sent.
 */
export function ReferralUpload({
  validTypes,
  examSlug,
  groupName,
  documentTypeId,
  staff = false,
  disabled = false,
  onUploaded,
}: {
  validTypes: string[];
  examSlug: string | undefined;
  groupName: string;
  /** A questionnaire outcome asks for this document type: the upload is then required. */
  documentTypeId: number | null;
  /** Staff book for a patient: the admin portal's labels, a Delete, no instruction text. */
  staff?: boolean;
  disabled?: boolean;
  onUploaded: (uploaded: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const [status, setStatus] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const required = documentTypeId !== null;
  // After a Delete its button is gone: focus goes back to the file field once it is enabled.
  const refocus = useRef(false);
  useEffect(() => {
    if (busy || !refocus.current) return;
    refocus.current = false;
    input.current?.focus();
  }, [busy]);

  const takeBack = async (previous: Uploaded | null) => {
    if (!previous) return;
    // Best effort: a referral left behind is swept with its unused booking key.
    await deleteReferral(await ensureBookingKey(), previous.id).catch(() => undefined);
  };

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.target;
    const file = field.files?.[0];
    setProblem(null);
    setStatus('');
    if (!file) return;
    if (!isAllowedReferral(file, validTypes)) {
      field.value = '';
      setProblem(t('form.referral_file_types', { types: validTypes.join(', ') }));
      return;
    }
    setBusy(true);
    setStatus(t('booking.form.uploading'));
    try {
      const bookingKey = await ensureBookingKey();
      const document = await uploadReferral(bookingKey, file, {
        ...(examSlug ? { examSlug } : {}),
        ...(required ? { documentTypeId } : {}),
        groupName,
      });
      await takeBack(uploaded);
      setUploaded({ id: document.id, fileName: file.name });
      setStatus(t('booking.form.uploaded', { name: file.name }));
      onUploaded(true);
    } catch (error) {
      field.value = '';
      // The referral already there (if any) stays: say so again.
      setStatus(uploaded ? t('booking.form.uploaded', { name: uploaded.fileName }) : '');
      setProblem(serverErrorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  const onDelete = async () => {
    if (!uploaded) return;
    setBusy(true);
    setProblem(null);
    try {
      await deleteReferral(await ensureBookingKey(), uploaded.id);
      if (input.current) input.current.value = '';
      setStatus(t('booking.form.referral_deleted', { name: uploaded.fileName }));
      setUploaded(null);
      onUploaded(false);
      refocus.current = true;
    } catch (error) {
      setProblem(serverErrorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };

  const label = staff
    ? t(
        uploaded
          ? 'booking.form.referral_update'
          : required
            ? 'booking.form.referral_upload_required'
            : 'booking.form.referral_upload',
      )
    : t(required ? 'booking.form.referral_required' : 'booking.form.referral');
  const hint = staff
    ? null
    : t(required ? 'booking.form.referral_required_hint' : 'booking.form.referral_hint');

  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={problem}
      // The refusal comes after the file was chosen, not on submit: said as it appears.
      announceError
    >
      {(control) => (
        <>
          <input
            {...control}
            ref={input}
            type="file"
            accept={validTypes.join(',')}
            required={required && !uploaded}
            disabled={disabled || busy}
            onChange={onChange}
          />
          {staff && uploaded ? (
            <button
              type="button"
              className={styles.secondaryButton}
              disabled={disabled || busy}
              onClick={() => void onDelete()}
            >
              {t('booking.form.referral_delete', { name: uploaded.fileName })}
            </button>
          ) : null}
          <p role="status" className={styles.hint}>
            {status}
          </p>
        </>
      )}
    </Field>
  );
}
