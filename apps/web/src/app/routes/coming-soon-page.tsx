import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { Inset, Page } from '../../components/ui/page.tsx';
import { SmartLink } from '../../components/ui/smart-link.tsx';
import { usePreservedLink } from '../../lib/shell-mode.ts';

/** What a route's `handle` carries: the translation key of its page title. */
export interface RouteHandle {
  titleKey?: string;
}

/** A registered route whose page a later issue builds: says so plainly, with a way home. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const link = usePreservedLink();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return (
    <Page title={t(handle?.titleKey ?? 'page.coming_soon.title')}>
      <Inset>
        <p>{t('message.coming_soon')}</p>
      </Inset>
      <p>
        <SmartLink href={link('/')}>{t('action.back_home')}</SmartLink>
      </p>
    </Page>
  );
}
