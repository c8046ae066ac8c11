import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page.tsx';
import { SanitizedHtml } from '../../../components/ui/sanitized-html.tsx';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import { useRadiologyConfig } from '../../../lib/config.tsx';
import { useContactClinics } from '../api/static-pages-api.ts';
import { ClinicCard } from './clinic-card.tsx';
import styles from './contact-page.module.css';

export function ContactPage() {
  const { t } = useTranslation();
  const radiology = useRadiologyConfig();
  const clinics = useContactClinics();
  return (
    <Page title={t('page.contact.title')}>
      <SanitizedHtml html={radiology.contact} />
      <h2 id="clinics-heading">{t('page.contact.clinics')}</h2>
      {clinics.isPending ? (
        <Loading />
      ) : clinics.isError ? (
        <LoadError onRetry={() => void clinics.refetch()} />
      ) : clinics.data.length === 0 ? (
        <p>{t('page.contact.no_clinics')}</p>
      ) : (
        <ul className={styles.list} aria-labelledby="clinics-heading">
          {clinics.data.map((clinic) => (
            <ClinicCard key={clinic.id} clinic={clinic} />
          ))}
        </ul>
      )}
    </Page>
  );
}
