import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page.tsx';
import { SanitizedHtml } from '../../../components/ui/sanitized-html.tsx';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import { useTerms } from '../api/static-pages-api.ts';

export function TermsPage() {
  const { t } = useTranslation();
  const terms = useTerms();
  return (
    <Page title={t('page.terms.title')}>
      {terms.isPending ? (
        <Loading />
      ) : terms.isError ? (
        <LoadError onRetry={() => void terms.refetch()} />
      ) : (
        <SanitizedHtml html={terms.data.html} />
      )}
    </Page>
  );
}
