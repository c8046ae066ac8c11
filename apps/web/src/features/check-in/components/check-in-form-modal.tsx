import type { CheckInForm, CheckInStatusResponse } from '@portal/contract';
import { useId, useState } from 'react';
import { Button, OverlayArrow, Tooltip, TooltipTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import buttons from '../../../components/ui/button.module.css';
import { DateOfBirthField } from '../../../components/ui/date-of-birth-field.tsx';
import { Field, FieldGroup } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import {
  type CheckInFormErrors,
  type CheckInFormValues,
  emptyCheckInForm,
  toCheckInForm,
  validateCheckInForm,
} from '../model/check-in-form.ts';
import styles from './check-in.module.css';
import { DoctorCombobox } from './doctor-combobox.tsx';

const genders = [
  ['FEMALE', 'check_in.form.gender_female'],
  ['MALE', 'check_in.form.gender_male'],
  ['OTHER', 'check_in.form.gender_other'],
] as const;

/**
 * The digital check-in form (spec 2 §3, §5): referrer, date of referral, Medicare number, IRN
 * and, when asked, gender. Errors show once a field was left or Check in was pressed; the
 * server's (400 fields, 422 codes) come in as `serverErrors` / `serverMessage`. Check in stays
 * disabled while the form is invalid or the call is on its way.
 */
export function CheckInFormModal({
  isOpen,
  bookingKey,
  status,
  today,
  busy,
  serverErrors,
  serverMessage,
  onSubmit,
  onClose,
}: {
  isOpen: boolean;
  bookingKey: string;
  status: CheckInStatusResponse;
  /** The clinic's date, YYYY-MM-DD. */
  today: string;
  busy: boolean;
  serverErrors: CheckInFormErrors;
  serverMessage: string | null;
  onSubmit: (form: CheckInForm) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<CheckInFormValues>(() =>
    emptyCheckInForm(status.patientMedicareNumber),
  );
  const [touched, setTouched] = useState<Partial<Record<keyof CheckInFormValues, boolean>>>({});
  const errors = validateCheckInForm(values, {
    showGenderSelection: status.showGenderSelection,
    today,
  });
  const invalid = Object.keys(errors).length > 0;
  const shown = (name: keyof CheckInFormValues) =>
    touched[name] && errors[name] ? errors[name] : (serverErrors[name] ?? null);
  const set = <K extends keyof CheckInFormValues>(name: K, value: CheckInFormValues[K]) =>
    setValues((current) => ({ ...current, [name]: value }));
  const leave = (name: keyof CheckInFormValues) =>
    setTouched((current) => ({ ...current, [name]: true }));
  const formId = `${id}-form`;

  return (
    <Modal
      isOpen={isOpen}
      onClose={busy ? undefined : onClose}
      title={t('check_in.form.title')}
      size="wide"
      closeLabel={t('check_in.close')}
      actions={
        <>
          <button type="button" className={buttons.secondaryButton} onClick={onClose}>
            {t('check_in.cancel')}
          </button>
          <button type="submit" form={formId} className={buttons.button} disabled={invalid || busy}>
            {busy ? t('check_in.sending') : t('check_in.submit')}
          </button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (invalid || busy) return;
          onSubmit(toCheckInForm(values, status.showGenderSelection));
        }}
      >
        <p className={styles.lead}>{t('check_in.form.intro')}</p>
        {serverMessage ? (
          <div className={styles.errorSummary} role="alert">
            {t(serverMessage, { defaultValue: t('message.generic_error') })}
          </div>
        ) : null}
        <DoctorCombobox
          bookingKey={bookingKey}
          value={values.referrer}
          onChange={(doctor) => set('referrer', doctor)}
          error={shown('referrer')}
          onBlur={() => leave('referrer')}
        />
        <DateOfBirthField
          id={`${id}-date`}
          label={t('check_in.form.date_of_referral')}
          hint={t('check_in.form.date_of_referral_hint')}
          value={values.dateOfReferral}
          onChange={(value) => set('dateOfReferral', value)}
          onBlur={() => leave('dateOfReferral')}
          errorMessage={shown('dateOfReferral') ? t(shown('dateOfReferral') as string) : null}
          rememberable={false}
        />
        <Field
          id={`${id}-medicare`}
          label={t('check_in.form.medicare_number')}
          hint={t('check_in.form.medicare_number_hint')}
          error={shown('medicareNumber') ? t(shown('medicareNumber') as string) : null}
          width="short"
        >
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              value={values.medicareNumber}
              onChange={(event) => set('medicareNumber', event.target.value)}
              onBlur={() => leave('medicareNumber')}
            />
          )}
        </Field>
        <Field
          id={`${id}-irn`}
          label={t('check_in.form.irn')}
          hint={t('check_in.form.irn_hint')}
          error={shown('referenceNumber') ? t(shown('referenceNumber') as string) : null}
          width="short"
        >
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              maxLength={1}
              autoComplete="off"
              value={values.referenceNumber}
              onChange={(event) => set('referenceNumber', event.target.value.trim())}
              onBlur={() => leave('referenceNumber')}
            />
          )}
        </Field>
        <TooltipTrigger delay={300}>
          <Button className={styles.tipButton}>{t('check_in.form.irn_tip_label')}</Button>
          <Tooltip className={styles.tooltip} placement="bottom">
            <OverlayArrow>
              <svg width={8} height={8} viewBox="0 0 8 8" aria-hidden="true">
                <path d="M0 8 L4 4 L8 8" />
              </svg>
            </OverlayArrow>
            {t('check_in.form.irn_tip')}
          </Tooltip>
        </TooltipTrigger>
        {status.showGenderSelection ? (
          <FieldGroup
            legend={t('check_in.form.gender')}
            error={shown('gender') ? t(shown('gender') as string) : null}
          >
            <div className={styles.radios}>
              {genders.map(([value, label]) => (
                <label key={value} className={styles.radio}>
                  <input
                    type="radio"
                    name={`${id}-gender`}
                    value={value}
                    checked={values.gender === value}
                    onChange={() => set('gender', value)}
                    onBlur={() => leave('gender')}
                  />
                  {t(label)}
                </label>
              ))}
            </div>
          </FieldGroup>
        ) : null}
      </form>
    </Modal>
  );
}
