import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import type { PatientPageTarget } from '../../../lib/patient-access.ts';
import { PatientPage } from '../components/patient-page.tsx';
import { ResultsView } from '../components/results-view.tsx';
import type { PatientSignIn } from '../hooks/use-patient-session.ts';

/**
 * The patient's history (docs/product/patient-portal.md#results-and-sharing):
 * /appointments/:bookingKey/result/patient, where a patient match leads
 * (`?dateOfBirth=&otpType=`, spec 2 §2). A history shows every result, so it asks for the proof
 * a single result needs (decision 023): its session check is APPOINTMENT_RESULTS, which the
 * results page's sign-in (with its OTP) passes, and a patient-portal sign-in only with an OTP.
 * Without it the patient signs in on the results page (the date of birth they just gave
 * submitted at once, spec 1 §4): signing in on this page's own address would be PATIENT_PORTAL
 * (its path names `patient`), which the provider may let in without an OTP, and would come
 * back here to be refused again.
 */
export function ResultsHistoryPage() {
  const { t } = useTranslation();
  const bookingKey = useParams().bookingKey ?? '';
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const dateOfBirth = search.get('dateOfBirth');
  const target = useMemo<PatientPageTarget>(
    () => ({ bookingKey, type: 'APPOINTMENT_RESULTS' }),
    [bookingKey],
  );
  const signIn = useMemo<PatientSignIn>(
    () => ({
      returnUrl: pathname.replace(/\/patient\/?$/, ''),
      extra: dateOfBirth ? { dateOfBirth } : undefined,
    }),
    [pathname, dateOfBirth],
  );
  return (
    <PatientPage title={t('results.history_title')} target={target} signIn={signIn}>
      {(authenticated) => (
        <ResultsView mode="history" bookingKey={bookingKey} enabled={authenticated} />
      )}
    </PatientPage>
  );
}
