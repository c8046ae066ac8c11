import type { AppointmentConsentForm } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import styles from './consent-forms.module.css';

/** Signed when, by whom (the typed name), and whether it verifies. */
export function SignatureFacts({ form }: { form: AppointmentConsentForm }) {
  const { t, i18n } = useTranslation();
  const signature = form.signature;
  if (!signature) return null;
  const date = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(signature.signedAt));
  return (
    <>
      <p className={styles.done}>
        {signature.signerName
          ? t('consent_forms.signed_by_on', { name: signature.signerName, date })
          : t('consent_forms.signed_on', { date })}
      </p>
      <p className={signature.verified ? styles.meta : styles.warning}>
        {t(signature.verified ? 'consent_forms.verified' : 'consent_forms.not_verified')}
      </p>
    </>
  );
}
