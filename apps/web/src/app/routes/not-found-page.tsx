import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page.tsx';
import { SmartLink } from '../../components/ui/smart-link.tsx';
import { usePreservedLink } from '../../lib/shell-mode.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const link = usePreservedLink();
  return (
    <Page title={t('page.not_found.title')}>
      <p>{t('message.page_not_found')}</p>
      <p>
        <SmartLink href={link('/')}>{t('action.back_home')}</SmartLink>
      </p>
    </Page>
  );
}
