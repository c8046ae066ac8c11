import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { PatientPageTarget } from '../../../lib/patient-access.ts';
import { PatientPage } from '../components/patient-page.tsx';
import { ResultsView } from '../components/results-view.tsx';

/**
 * The results page (docs/product/patient-portal.md#results-and-sharing): /appointments/:bookingKey/result
 * (and /a/..., /iframe/...), behind the APPOINTMENT_RESULTS sign-in. With `?shared=true` it is a
 * shared link's page: the key is the share token, the sign-in is the recipient's (shared: true)
 * and the results are the share's, without actions.
 */
export function ResultsPage() {
  const { t } = useTranslation();
  const bookingKey = useParams().bookingKey ?? '';
  const [search] = useSearchParams();
  const shared = search.get('shared') === 'true';
  const target = useMemo<PatientPageTarget>(
    () => ({ bookingKey, type: 'APPOINTMENT_RESULTS', ...(shared ? { shared: true } : {}) }),
    [bookingKey, shared],
  );
  return (
    <PatientPage
      title={t(shared ? 'results.shared_title' : 'results.title')}
      target={target}
      signedInText={shared ? t('results.signed_in_shared') : undefined}
    >
      {(authenticated) => (
        <ResultsView
          mode={shared ? 'shared' : 'owner'}
          bookingKey={bookingKey}
          enabled={authenticated}
        />
      )}
    </PatientPage>
  );
}
