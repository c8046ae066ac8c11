import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Inset, Page } from '../../../components/ui/page.tsx';
import { SmartLink } from '../../../components/ui/smart-link.tsx';
import { closeLink, denyMessage } from '../model/deny-message.ts';

/**
 * The deny page (docs/product/authentication.md#deny-page): one message chosen from the query, and
 * maybe a Close link.
 */
export function DenyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const message = denyMessage(params);
  const close = closeLink(params, window.location.origin);
  return (
    <Page title={t('page.deny.title')}>
      <Inset>
        <p>{'key' in message ? t(message.key) : message.text}</p>
      </Inset>
      {close ? (
        <p>
          <SmartLink href={close}>{t('action.close')}</SmartLink>
        </p>
      ) : null}
    </Page>
  );
}
