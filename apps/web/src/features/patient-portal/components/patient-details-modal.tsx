import type {
  PatientChangeField,
  PatientChangeValues,
  PatientDetailOption,
  PatientDetailsState,
} from '@portal/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { isTranslationKey } from '../../../lib/translation-key.ts';
import {
  changedValues,
  type DetailsForm,
  fieldMaxLength,
  formErrors,
  optionFields,
  prefilledForm,
} from '../model/patient-details-form.ts';
import { FormModal } from './form-modal.tsx';
import own from './patient-details.module.css';

/** Fields whose values are short: a narrower box says so. */
const shortFields: ReadonlySet<PatientChangeField> = new Set(['title', 'postalCode', 'state']);
const inputTypes: Partial<Record<PatientChangeField, string>> = {
  email: 'email',
  contactNumber: 'tel',
};
const autoComplete: Partial<Record<PatientChangeField, string>> = {
  title: 'honorific-prefix',
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  contactNumber: 'tel',
  streetAddress: 'street-address',
  suburb: 'address-level2',
  state: 'address-level1',
  postalCode: 'postal-code',
};

/**
 * The "Update my details" form (docs/product/patient-detail-changes.md): every field the
 * provider lets patients change, prefilled with the record's values; ethnicity and insurance
 * type from the provider's lists. Send hands `onSubmit` only the fields that differ. A refusal
 * (`failure`) shows in the form under message.patient_request_error_title, so nothing typed is
 * lost.
 */
export function PatientDetailsModal({
  isOpen,
  state,
  busy,
  failure,
  onSubmit,
  onClose,
}: {
  isOpen: boolean;
  state: PatientDetailsState;
  busy: boolean;
  /** The server's refusal, already in words; null while there is none. */
  failure: string | null;
  onSubmit: (changes: PatientChangeValues) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<DetailsForm>(() => prefilledForm(state));
  const [errors, setErrors] = useState<Partial<Record<PatientChangeField, string>>>({});
  const [nothingChanged, setNothingChanged] = useState(false);

  // Each opening starts from the record's current values.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening resets the form
  useEffect(() => {
    if (!isOpen) return;
    setForm(prefilledForm(state));
    setErrors({});
    setNothingChanged(false);
  }, [isOpen]);

  const { changeableFields, requiredFields } = state.patientChangeDetails;
  const optionName = (option: PatientDetailOption) =>
    isTranslationKey(option.name) ? t(option.name) : option.name;
  const optionsOf = (field: PatientChangeField) =>
    field === 'ethnicityId' ? state.ethnicities : state.insuranceTypes;

  const submit = () => {
    const found = formErrors(state, form);
    setErrors(found);
    const first = changeableFields.find((field) => found[field]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus();
      return;
    }
    const changes = changedValues(state, form);
    const none = Object.keys(changes).length === 0;
    setNothingChanged(none);
    if (!none) onSubmit(changes);
  };

  return (
    <FormModal
      isOpen={isOpen}
      title={t('patient_details.modal_title')}
      intro={<p className={own.intro}>{t('patient_details.intro')}</p>}
      failureTitle={t('message.patient_request_error_title')}
      failure={failure}
      busy={busy}
      labels={{
        send: t('patient_details.send'),
        sending: t('patient_details.sending'),
        cancel: t('patient_details.cancel'),
      }}
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      {nothingChanged ? (
        <p className={own.failure} role="alert">
          {t('patient_details.error.no_changes')}
        </p>
      ) : null}
      {changeableFields.map((field) => {
        const fieldId = `${id}-${field}`;
        const required = requiredFields.includes(field);
        const error = errors[field] ? t(errors[field]) : undefined;
        const label = t(`patient_details.field.${field}`);
        const hint =
          field === 'insuranceTypeId' &&
          state.patientChangeDetails.suggestedInsuranceTypeId !== null &&
          state.patientChangeDetails.values.insuranceTypeId === null
            ? t('patient_details.suggested_insurance_hint')
            : required
              ? t('patient_details.required_hint')
              : undefined;
        return (
          <Field
            key={field}
            id={fieldId}
            label={label}
            hint={hint}
            error={error}
            width={shortFields.has(field) ? 'short' : 'long'}
          >
            {(control) =>
              optionFields.has(field) ? (
                <select
                  {...control}
                  value={form[field] ?? ''}
                  onChange={(event) => setForm({ ...form, [field]: event.target.value })}
                >
                  <option value="">{t('patient_details.not_given')}</option>
                  {optionsOf(field).map((option) => (
                    <option key={option.id} value={String(option.id)}>
                      {optionName(option)}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...control}
                  type={inputTypes[field] ?? 'text'}
                  autoComplete={autoComplete[field] ?? 'off'}
                  maxLength={fieldMaxLength[field]}
                  value={form[field] ?? ''}
                  onChange={(event) => setForm({ ...form, [field]: event.target.value })}
                />
              )
            }
          </Field>
        );
      })}
    </FormModal>
  );
}
