import type { AppointmentSummary, ClinicSummary } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import type { useClinics } from '../../booking/index.ts';

/**
 * The list inside "Choose another clinic" (clinic-choice.tsx): loaded when the patient first
 * opens it, so the reschedule page does not download it up front (docs/benchmarks.md).
 */
export function ClinicChoiceList({
  id,
  appointment,
  clinicSlug,
  clinics,
  onChange,
}: {
  id: string;
  appointment: AppointmentSummary;
  clinicSlug: string;
  /** The clinics performing the exam (clinic-choice.tsx useClinicsForExam). */
  clinics: ReturnType<typeof useClinics>;
  onChange: (clinic: ClinicSummary) => void;
}) {
  const { t, i18n } = useTranslation();
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
    <>
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
    </>
  );
}
