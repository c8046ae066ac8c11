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
 * (`?dateOfBirth=&otpType=`, spec 2 §2). Its sign-in is PATIENT_PORTAL (the path names
 * `patient`); when it is needed, the date of birth the patient just gave goes to the
 * authentication page, which submits it at once (spec 1 §4), and comes off the return address.
 */
export function ResultsHistoryPage() {
  const { t } = useTranslation();
  const bookingKey = useParams().bookingKey ?? '';
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const dateOfBirth = search.get('dateOfBirth');
  const otpType = search.get('otpType');
  const target = useMemo<PatientPageTarget>(
    () => ({ bookingKey, type: 'PATIENT_PORTAL' }),
    [bookingKey],
  );
  const signIn = useMemo<PatientSignIn>(() => {
    const kept = new URLSearchParams(search);
    kept.delete('dateOfBirth');
    const query = kept.toString();
    return {
      returnUrl: `${pathname}${query ? `?${query}` : ''}`,
      extra: {
        ...(dateOfBirth ? { dateOfBirth } : {}),
        ...(otpType ? { otpType } : {}),
      },
    };
  }, [pathname, search, dateOfBirth, otpType]);
  return (
    <PatientPage title={t('results.history_title')} target={target} signIn={signIn}>
      {(authenticated) => (
        <ResultsView mode="history" bookingKey={bookingKey} enabled={authenticated} />
      )}
    </PatientPage>
  );
}
