import type { AppointmentSummary, ClinicSummary } from '@portal/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import { useClinics } from '../../booking/index.ts';
import styles from './reschedule.module.css';

/** The clinics that perform the appointment's exam, nearest its own clinic first. */
export function useClinicsForExam(appointment: AppointmentSummary, enabled: boolean) {
  const { latitude, longitude } = appointment.clinic;
  return useClinics(
    {
      examSlugs: [appointment.exam.slug],
      location:
        typeof latitude === 'number' && typeof longitude === 'number'
          ? { latitude, longitude }
          : null,
      postalCodeLocationId: null,
      regionSlug: null,
    },
    enabled,
  );
}

/**
 * "Choose another clinic" (docs/product/patient-portal.md#reschedule): a disclosure button
 * that shows a list of the clinics performing the same exam, nearest the appointment's clinic
 * first. Closing it goes back to the appointment's own clinic.
 */
export function ClinicChoice({
  appointment,
  open,
  clinicSlug,
  clinics,
  onOpenChange,
  onChange,
}: {
  appointment: AppointmentSummary;
  open: boolean;
  clinicSlug: string;
  clinics: ReturnType<typeof useClinicsForExam>;
  onOpenChange: (open: boolean) => void;
  onChange: (clinic: ClinicSummary) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const kilometres = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const own = appointment.clinic;
  const optionText = (clinic: ClinicSummary) =>
    clinic.slug === own.slug
      ? t('patient_portal.reschedule.current_clinic_option', { clinic: clinic.name })
      : clinic.distanceKm !== null
        ? t('patient_portal.reschedule.clinic_option', {
            clinic: clinic.name,
            distance: kilometres.format(clinic.distanceKm),
          })
        : clinic.name;

  return (
    <div className={styles.clinicChoice}>
      <button
        type="button"
        className={`${styles.linkButton} ${styles.disclosure}`}
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => onOpenChange(!open)}
      >
        {t('patient_portal.reschedule.choose_clinic')}
      </button>
      {open ? (
        <div id={`${id}-panel`} className={styles.clinicPanel}>
          {clinics.isPending ? (
            <Loading />
          ) : clinics.isError ? (
            <LoadError onRetry={() => void clinics.refetch()} />
          ) : (
            <Field
              id={`${id}-clinic`}
              label={t('patient_portal.reschedule.clinic_label')}
              hint={t('patient_portal.reschedule.clinic_hint', {
                exam: appointment.exam.name,
                clinic: own.name,
              })}
              width="full"
              spacing="none"
            >
              {(control) => (
                <select
                  {...control}
                  value={clinicSlug}
                  onChange={(event) => {
                    const clinic = clinics.data.clinics.find(
                      (candidate) => candidate.slug === event.target.value,
                    );
                    if (clinic) onChange(clinic);
                  }}
                >
                  {clinics.data.clinics.map((clinic) => (
                    <option key={clinic.slug} value={clinic.slug}>
                      {optionText(clinic)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </div>
      ) : null}
    </div>
  );
}
