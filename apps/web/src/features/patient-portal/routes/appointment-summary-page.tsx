import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import { WhenNear } from '../../../components/ui/when-near.tsx';
import { patientPageTarget } from '../../../lib/patient-access.ts';
import { useAppointmentsSummary } from '../api/summary-api.ts';
import { AppointmentCard } from '../components/appointment-card.tsx';
import { PatientPage } from '../components/patient-page.tsx';
import styles from '../components/patient-portal.module.css';
import { currentAppointments } from '../model/manage-rules.ts';
import { asksForDetailsForm } from '../model/update-details-link.ts';

// Consent forms (their own feature) load after the page's first render: the appointment page's
// initial JS budget has no room for them (docs/benchmarks.md); SurveyJS only when a form opens.
const ConsentFormsSection = lazy(async () => ({
  default: (await import('../../consent-forms/index.ts')).ConsentFormsSection,
}));
// The questionnaire answers document's link (docs/product/questionnaires.md#answers-document),
// on demand as well: it asks whether there are answers only when its place is near.
const QuestionnaireAnswersSection = lazy(async () => ({
  default: (await import('../components/questionnaire-answers-section.tsx'))
    .QuestionnaireAnswersSection,
}));
// The patient's details card (docs/product/patient-detail-changes.md), on demand as well.
const PatientDetailsSection = lazy(async () => ({
  default: (await import('../components/patient-details-section.tsx')).PatientDetailsSection,
}));
const CallCentreSection = lazy(async () => ({
  default: (await import('../components/call-centre-section.tsx')).CallCentreSection,
}));

/**
 * The appointment page (docs/product/patient-portal.md#manage): /appointments/:bookingKey,
 * /a/:bookingKey, the pending and kiosk variants. One card per current appointment, with its
 * directions, preparation and actions.
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
  const { search } = useLocation();
  const { t } = useTranslation();
  const summary = useAppointmentsSummary(bookingKey, enabled);
  if (summary.isPending) return <Loading />;
  if (summary.isError) return <LoadError onRetry={() => void summary.refetch()} />;
  const { patient } = summary.data;
  const appointments = currentAppointments(summary.data.appointments);

  return (
    <>
      <p className={styles.lead}>
        {t('patient_portal.greeting', { firstName: patient.firstName, lastName: patient.lastName })}
      </p>
      {appointments.length === 0 ? <p>{t('patient_portal.no_appointments')}</p> : null}
      {appointments.map((appointment) => (
        <AppointmentCard key={appointment.id} bookingKey={bookingKey} appointment={appointment} />
      ))}
      <WhenNear now={asksForDetailsForm(search)}>
        {appointments.length > 0 ? (
          <Suspense fallback={null}>
            <ConsentFormsSection bookingKey={bookingKey} />
          </Suspense>
        ) : null}
        <Suspense fallback={null}>
          <QuestionnaireAnswersSection bookingKey={bookingKey} />
        </Suspense>
        <Suspense fallback={null}>
          <PatientDetailsSection target={{ kind: 'appointments', bookingKey }} />
        </Suspense>
        <Suspense fallback={null}>
          <CallCentreSection target={{ kind: 'appointments', bookingKey }} />
        </Suspense>
      </WhenNear>
      <p className={styles.keyLine}>
        {t('patient_portal.booking_key')} <span className={styles.bookingKey}>{bookingKey}</span>
      </p>
    </>
  );
}
