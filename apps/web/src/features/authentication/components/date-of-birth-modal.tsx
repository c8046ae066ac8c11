import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateOfBirthProblem } from '../../../components/ui/date-of-birth.ts';
import { DateOfBirthField } from '../../../components/ui/date-of-birth-field.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import styles from './authentication.module.css';

/** docs/product/authentication.md#date-of-birth: digits only, at most 10. */
export const contactNumberPattern = /^\d{1,10}$/;

export interface DateOfBirthAnswer {
  dateOfBirth: string;
  contactNumber: string | null;
}

/**
 * The date-of-birth modal (docs/product/authentication.md#date-of-birth): the date is required and
 * not in the future; the contact number shows only when the provider checks it. The button stays
 * disabled until the form is valid, and the modal closes with a result only then.
 */
export function DateOfBirthModal({
  isOpen,
  onClose,
  onSubmit,
  error,
  askContactNumber,
  staffBooking,
  shared = false,
  captcha,
  captchaDone,
}: {
  isOpen: boolean;
  onClose: () => void;
  onSubmit: (answer: DateOfBirthAnswer) => void;
  /** The failure of the last attempt, already translated. */
  error: string | null;
  askContactNumber: boolean;
  staffBooking: boolean;
  /** A shared link: the recipient gives the patient's date of birth, not their own. */
  shared?: boolean;
  /** The captcha widget, when the provider uses one. */
  captcha?: ReactNode;
  captchaDone: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [dateTouched, setDateTouched] = useState(false);
  const [contactNumber, setContactNumber] = useState('');
  const [contactTouched, setContactTouched] = useState(false);

  const dateProblem = dateOfBirthProblem(dateOfBirth);
  const contactValid = !askContactNumber || contactNumberPattern.test(contactNumber);
  const valid = dateProblem === null && contactValid && captchaDone;
  // A half-typed date is not an error until the patient leaves the field.
  const dateError =
    dateProblem && (dateTouched || dateProblem === 'future' || dateProblem === 'invalid')
      ? t(`form.date_of_birth.errors.${dateProblem}`)
      : null;
  const contactError =
    askContactNumber && contactTouched && !contactValid
      ? t('authentication.contact_number_invalid')
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    onSubmit({ dateOfBirth, contactNumber: askContactNumber ? contactNumber : null });
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={t(
        staffBooking || shared
          ? 'authentication.dob_modal.title_staff'
          : 'authentication.dob_modal.title',
      )}
    >
      <form noValidate onSubmit={submit}>
        {error ? (
          <p className={styles.alert} role="alert">
            {error}
          </p>
        ) : null}
        <p className={styles.intro}>
          {t(shared ? 'authentication.dob_modal.intro_shared' : 'authentication.dob_modal.intro')}
        </p>
        <DateOfBirthField
          label={t(
            staffBooking || shared
              ? 'authentication.dob_modal.label_staff'
              : 'form.date_of_birth.label',
          )}
          value={dateOfBirth}
          onChange={setDateOfBirth}
          onBlur={() => setDateTouched(true)}
          errorMessage={dateError}
        />
        {askContactNumber ? (
          <Field
            id={`${id}-contact`}
            label={t('authentication.contact_number')}
            hint={t('authentication.contact_number_hint')}
            error={contactError}
            width="short"
          >
            {(control) => (
              <input
                {...control}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={10}
                value={contactNumber}
                onChange={(event) => setContactNumber(event.target.value)}
                onBlur={() => setContactTouched(true)}
              />
            )}
          </Field>
        ) : null}
        {captcha}
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={!valid}>
            {t('authentication.dob_modal.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
