import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page.tsx';
import { SanitizedHtml } from '../../../components/ui/sanitized-html.tsx';
import { useRadiologyConfig } from '../../../lib/config.tsx';

export function AboutPage() {
  const { t } = useTranslation();
  const radiology = useRadiologyConfig();
  return (
    <Page title={t('page.about.title', { name: radiology.name })}>
      <SanitizedHtml html={radiology.about} />
    </Page>
  );
}
