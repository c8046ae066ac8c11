import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Page } from '../../components/ui/page.tsx';
import { reportError } from '../../lib/error-reporting.ts';

/**
 * A route failed to load or render (for example a page chunk that is gone after a deploy):
 * say so and offer a reload, which fetches the current build. The error is reported to the
 * configured DSN, if any (lib/error-reporting.ts).
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  useEffect(() => {
    if (!notFound) reportError(error, 'route-error');
  }, [error, notFound]);
  return (
    <Page title={t(notFound ? 'page.not_found.title' : 'page.error.title')}>
      <p>{t(notFound ? 'message.page_not_found' : 'message.generic_error')}</p>
      <p>
        <a href={window.location.href}>{t('action.reload')}</a>
      </p>
    </Page>
  );
}
