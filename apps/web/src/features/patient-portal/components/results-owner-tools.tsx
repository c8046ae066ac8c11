import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Card } from '../../../components/ui/page.tsx';
import { historyPageUrl } from '../model/patient-match.ts';
import manage from './manage.module.css';
import results from './results.module.css';
import { PatientMatchForm } from './results-lazy.tsx';

/**
 * "See all my results" on the owner's results page: a disclosure button that shows the patient
 * match form (its code loads then); a match goes to the history page.
 */
export function OwnerResultsTools({ bookingKey }: { bookingKey: string }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  return (
    <Card labelledBy={`${id}-title`}>
      <div className={results.match}>
        <h2 id={`${id}-title`} className={results.matchTitle}>
          {t('results.all.title')}
        </h2>
        <p className={results.matchText}>{t('results.all.text')}</p>
        <button
          type="button"
          className={manage.secondaryButton}
          aria-expanded={open}
          aria-controls={`${id}-form`}
          onClick={() => setOpen((current) => !current)}
        >
          {t('results.all.button')}
        </button>
      </div>
      <div id={`${id}-form`} hidden={!open}>
        {open ? (
          <PatientMatchForm
            bookingKey={bookingKey}
            labelledBy={`${id}-title`}
            onMatched={(historyKey, request) =>
              navigate(historyPageUrl(historyKey, request, pathname.startsWith('/iframe/')))
            }
          />
        ) : null}
      </div>
    </Card>
  );
}
