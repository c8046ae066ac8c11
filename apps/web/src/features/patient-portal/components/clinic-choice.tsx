import type { AppointmentSummary, ClinicSummary } from '@portal/contract';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/ui/status.tsx';
import { useClinics } from '../../booking/index.ts';
import styles from './reschedule.module.css';

const loadClinicChoiceList = () => import('./clinic-choice-list.tsx');
const LazyClinicChoiceList = lazy(async () => ({
  default: (await loadClinicChoiceList()).ClinicChoiceList,
}));
const preloadClinicChoiceList = () => void loadClinicChoiceList().catch(() => undefined);

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
  const { t } = useTranslation();
  const id = useId();

  return (
    <div className={styles.clinicChoice}>
      <button
        type="button"
        className={`${styles.linkButton} ${styles.disclosure}`}
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => onOpenChange(!open)}
        // The list's code starts loading as a pointer or focus reaches the button.
        onPointerEnter={preloadClinicChoiceList}
        onFocus={preloadClinicChoiceList}
      >
        {t('patient_portal.reschedule.choose_clinic')}
      </button>
      {open ? (
        <div id={`${id}-panel`} className={styles.clinicPanel}>
          <Suspense fallback={<Loading />}>
            <LazyClinicChoiceList
              id={id}
              appointment={appointment}
              clinicSlug={clinicSlug}
              clinics={clinics}
              onChange={onChange}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
