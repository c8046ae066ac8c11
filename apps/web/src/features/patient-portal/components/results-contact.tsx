import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/page.tsx';
import manage from './manage.module.css';
import results from './results.module.css';

// The card's code (its state, the two forms) loads when asked for: the results page's first
// load has no room for it (docs/benchmarks.md), and the page is there for the results.
const CallCentreSection = lazy(async () => ({
  default: (await import('./call-centre-section.tsx')).CallCentreSection,
}));

/**
 * "Contact the call centre" on the patient's own results pages (docs/product/contact-the-clinic.md):
 * a short card whose button brings in the same card as the appointment page's, with its message
 * and callback forms, on the appointment's path (a results session covers it).
 */
export function ResultsContact({ bookingKey }: { bookingKey: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <Suspense fallback={null}>
        <CallCentreSection target={{ kind: 'appointments', bookingKey }} focusWhenLoaded />
      </Suspense>
    );
  }
  return (
    <Card labelledBy={`${id}-title`}>
      <div className={results.match}>
        <h2 id={`${id}-title`} className={results.matchTitle}>
          {t('call_centre.heading')}
        </h2>
        <p className={results.matchText}>{t('call_centre.lead')}</p>
        <button type="button" className={manage.secondaryButton} onClick={() => setOpen(true)}>
          {t('call_centre.show_button')}
        </button>
      </div>
    </Card>
  );
}
