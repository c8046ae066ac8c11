import type { DoctorSearchResult } from '@portal/contract';
import { useState } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import fields from '../../../components/ui/field.module.css';
import { useDoctorSearch } from '../hooks/use-doctor-search.ts';
import { doctorLabel } from '../model/check-in-form.ts';
import styles from './check-in.module.css';

const doctorOptionsShown = 6;

/**
 * The referrer field (spec 2 §5): a combobox over the referrer directory. Typing clears the
 * chosen doctor; the options name the doctor, practice, city and postcode; the count of results
 * is announced politely.
 */
export function DoctorCombobox({
  bookingKey,
  value,
  onChange,
  error,
  onBlur,
}: {
  bookingKey: string;
  value: DoctorSearchResult | null;
  onChange: (doctor: DoctorSearchResult | null) => void;
  error: string | null;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(value ? doctorLabel(value) : '');
  const search = useDoctorSearch(bookingKey, value ? '' : typed, value ? [value.id] : []);
  // The list never scrolls (a scrolling popup is out of reach without a pointer): the first
  // few, and the patient types more of the name to narrow it.
  const doctors = search.doctors.slice(0, doctorOptionsShown);
  const status = !search.active
    ? ''
    : search.searching
      ? t('check_in.form.referrer_searching')
      : search.failed
        ? t('message.generic_error')
        : t('check_in.form.referrer_results', { count: doctors.length });

  return (
    <div className={[fields.stacked, error ? fields.fieldError : ''].join(' ')}>
      <ComboBox
        items={doctors}
        inputValue={typed}
        onInputChange={(text) => {
          setTyped(text);
          if (value && text !== doctorLabel(value)) onChange(null);
        }}
        selectedKey={value?.id ?? null}
        onSelectionChange={(key) => {
          const doctor = doctors.find((item) => item.id === key) ?? null;
          if (!doctor) return;
          onChange(doctor);
          setTyped(doctorLabel(doctor));
        }}
        menuTrigger="input"
        allowsEmptyCollection
        isInvalid={Boolean(error)}
      >
        <Label className={fields.label}>{t('check_in.form.referrer')}</Label>
        <Text slot="description" className={fields.hint}>
          {t('check_in.form.referrer_hint')}
        </Text>
        {error ? (
          <Text slot="errorMessage" className={fields.errorMessage}>
            {t(error)}
          </Text>
        ) : null}
        <Input
          className={[fields.control, fields.long, error ? fields.controlError : ''].join(' ')}
          onBlur={onBlur}
        />
        <Popover className={styles.popover}>
          <ListBox className={styles.listBox} renderEmptyState={() => status}>
            {(doctor: DoctorSearchResult) => (
              <ListBoxItem id={doctor.id} textValue={doctorLabel(doctor)} className={styles.option}>
                <strong>
                  {doctor.firstName} {doctor.lastName}
                </strong>
                <span>
                  {[doctor.practiceName, doctor.city.name, doctor.postalCode.code]
                    .filter(Boolean)
                    .join(', ')}
                </span>
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
