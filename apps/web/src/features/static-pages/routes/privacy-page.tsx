import { Trans, useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page.tsx';
import { useRadiologyConfig } from '../../../lib/config.tsx';

export function PrivacyPage() {
  const { t } = useTranslation();
  const { privacyPolicyUrl } = useRadiologyConfig();
  return (
    <Page title={t('page.privacy.title')}>
      <p>
        {privacyPolicyUrl ? (
          <Trans
            i18nKey="page.privacy.text"
            components={{ 1: <a href={privacyPolicyUrl}>privacy policy</a> }}
          />
        ) : (
          t('page.privacy.no_policy')
        )}
      </p>
    </Page>
  );
}
