import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { Card } from '../../../components/ui/page.tsx';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import { formatClinicDateTime } from '../../../lib/clinic-time.ts';
import { patientPageTarget } from '../../../lib/patient-access.ts';
import { useAppointmentsSummary } from '../api/summary-api.ts';
import { PatientPage } from '../components/patient-page.tsx';
import styles from '../components/patient-portal.module.css';

/**
 * The appointment summary (read-only; spec 2's patient portal actions come with the next
 * issue): /appointments/:bookingKey, /a/:bookingKey, the pending and kiosk variants.
 */
export function AppointmentSummaryPage() {
  const { t } = useTranslation();
  const bookingKey = useParams().bookingKey ?? '';
  const { pathname } = useLocation();
  const target = useMemo(
    () => patientPageTarget(pathname) ?? { bookingKey, type: 'APPOINTMENT' as const },
    [pathname, bookingKey],
  );
  return (
    <PatientPage title={t('page.appointments.title')} target={target}>
      {(authenticated) => <AppointmentsSummary bookingKey={bookingKey} enabled={authenticated} />}
    </PatientPage>
  );
}

function AppointmentsSummary({ bookingKey, enabled }: { bookingKey: string; enabled: boolean }) {
  const { t, i18n } = useTranslation();
  const summary = useAppointmentsSummary(bookingKey, enabled);
  if (summary.isPending) return <Loading />;
  if (summary.isError) return <LoadError onRetry={() => void summary.refetch()} />;
  const { patient, appointments } = summary.data;
  const status = (value: string) =>
    t(`patient_portal.appointment_status.${value}`, { defaultValue: value });

  return (
    <>
      <p className={styles.lead}>
        {t('patient_portal.greeting', { firstName: patient.firstName, lastName: patient.lastName })}
      </p>
      {appointments.length === 0 ? <p>{t('patient_portal.no_appointments')}</p> : null}
      {appointments.map((appointment) => (
        <Card key={appointment.id} as="article" labelledBy={`appointment-${appointment.id}`}>
          <h2 id={`appointment-${appointment.id}`} className={styles.cardTitle}>
            {appointment.exam.name}
          </h2>
          <dl className={styles.details}>
            <div>
              <dt>{t('patient_portal.when')}</dt>
              <dd>
                {formatClinicDateTime(appointment.startsAt, appointment.timeZone, i18n.language)}
              </dd>
            </div>
            <div>
              <dt>{t('patient_portal.where')}</dt>
              <dd>
                {appointment.clinic.name}
                <br />
                {appointment.clinic.address}
              </dd>
            </div>
            <div>
              <dt>{t('patient_portal.modality')}</dt>
              <dd>{appointment.exam.modalityName}</dd>
            </div>
            <div>
              <dt>{t('patient_portal.status')}</dt>
              <dd>
                <strong className={styles.tag}>{status(appointment.status)}</strong>
              </dd>
            </div>
          </dl>
          {appointment.exam.prepInstructions ? (
            <div className={styles.prep}>
              <h3>{t('patient_portal.prep_instructions')}</h3>
              <p>{appointment.exam.prepInstructions}</p>
            </div>
          ) : null}
        </Card>
      ))}
      <p className={styles.keyLine}>
        {t('patient_portal.booking_key')} <span className={styles.bookingKey}>{bookingKey}</span>
      </p>
    </>
  );
}
