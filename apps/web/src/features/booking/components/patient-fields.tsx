import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateOfBirthField } from '../../../components/ui/date-of-birth-field.tsx';
import { Field, FieldGroup } from '../../../components/ui/field.tsx';
import { type FieldName, type PatientFormInput, titles } from '../model/patient-form-schema.ts';
import styles from './booking.module.css';

interface TextFieldOptions {
  type?: string;
  autoComplete?: string;
  hint?: boolean;
  inputMode?: 'tel' | 'email' | 'numeric';
  required?: boolean;
}

/**
 * The patient's details (docs/product/booking.md#patient-form): title, names, date of birth, sex,
 * e-mail, phone, postcode, the Medicare number when an answer asks for it, and notes. Each field's
 * id is `<id>-<name>`, which the error summary links to. Staff booking for someone else read "the
 * patient's ...".
 */
export function PatientFields({
  id,
  register,
  control,
  errors,
  errorText,
  staff,
  medicareRequired,
}: {
  id: string;
  register: UseFormRegister<PatientFormInput>;
  control: Control<PatientFormInput>;
  errors: FieldErrors<PatientFormInput>;
  errorText: (name: FieldName) => string;
  staff: boolean;
  medicareRequired: boolean;
}) {
  const { t } = useTranslation();
  const field = (name: FieldName, options: TextFieldOptions = {}) => (
    <Field
      id={`${id}-${name}`}
      label={t(staff ? `booking.form.staff.${name}` : `booking.form.${name}`)}
      hint={options.hint ? t(`booking.form.${name}_hint`) : null}
      error={errors[name] ? errorText(name) : null}
    >
      {(props) => (
        <input
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          inputMode={options.inputMode}
          aria-required={options.required ? true : undefined}
          {...props}
          {...register(name)}
        />
      )}
    </Field>
  );

  return (
    <>
      <Field id={`${id}-title`} label={t('booking.form.title_field')}>
        {(props) => (
          <select {...props} {...register('title')}>
            <option value="">{t('booking.form.title_none')}</option>
            {titles.map((value) => (
              <option key={value} value={t(`booking.form.titles.${value}`)}>
                {t(`booking.form.titles.${value}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {field('firstName', { autoComplete: 'given-name' })}
      {field('lastName', { autoComplete: 'family-name' })}
      <Controller
        control={control}
        name="dateOfBirth"
        render={({ field: dateField }) => (
          <DateOfBirthField
            id={`${id}-dateOfBirth`}
            ref={dateField.ref}
            label={t(staff ? 'booking.form.staff.dateOfBirth' : 'booking.form.dateOfBirth')}
            value={dateField.value ?? ''}
            onChange={dateField.onChange}
            onBlur={dateField.onBlur}
            errorMessage={errors.dateOfBirth ? errorText('dateOfBirth') : null}
          />
        )}
      />

      <FieldGroup
        legend={t(staff ? 'booking.form.staff.sex' : 'booking.form.sex')}
        legendClassName={styles.legend}
        error={errors.sex ? errorText('sex') : null}
      >
        <div className={styles.segmented}>
          {(['FEMALE', 'MALE', 'INDETERMINATE'] as const).map((value, index) => (
            <span key={value} className={styles.examRow}>
              <label className={styles.option}>
                <input
                  type="radio"
                  value={value}
                  id={index === 0 ? `${id}-sex` : undefined}
                  {...register('sex')}
                />
                {t(`booking.form.sex_${value.toLowerCase()}`)}
              </label>
              {value === 'INDETERMINATE' ? (
                <TooltipTrigger delay={300}>
                  <Button
                    className={styles.secondaryButton}
                    aria-label={t('booking.form.sex_tooltip_label')}
                  >
                    <span aria-hidden="true">?</span>
                  </Button>
                  <Tooltip className={styles.tooltip} placement="top">
                    {t('booking.form.sex_tooltip')}
                  </Tooltip>
                </TooltipTrigger>
              ) : null}
            </span>
          ))}
        </div>
      </FieldGroup>

      {field('email', { type: 'email', autoComplete: 'email', inputMode: 'email', hint: true })}
      {field('contactNumber', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      {field('postalCode', { autoComplete: 'postal-code', inputMode: 'numeric' })}
      {medicareRequired
        ? field('medicareNumber', { inputMode: 'numeric', hint: true, required: true })
        : null}

      <Field
        id={`${id}-patientNotes`}
        label={t('booking.form.patientNotes')}
        error={errors.patientNotes ? errorText('patientNotes') : null}
      >
        {(props) => <textarea {...props} rows={4} {...register('patientNotes')} />}
      </Field>
    </>
  );
}
