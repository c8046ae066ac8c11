import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/ui/status.tsx';
import { useApplicationConfig } from '../../../lib/config.tsx';
import { completeCallback } from '../model/single-sign-on.ts';

/**
 * Where the provider sends the hidden iframe (silent) or the popup back: hands the answer to
 * the page that started the sign-in, which closes this window.
 */
function SsoCallback({ kind }: { kind: 'silent' | 'popup' }) {
  const { t } = useTranslation();
  const application = useApplicationConfig();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !application.azureClientId || !application.azureUrlWithTenantId) return;
    done.current = true;
    void completeCallback(
      { authority: application.azureUrlWithTenantId, clientId: application.azureClientId },
      kind,
    ).catch(() => undefined);
  }, [application, kind]);
  return (
    <div>
      <h1>{t('sso.completing')}</h1>
      <Loading />
    </div>
  );
}

export const SilentCallbackPage = () => <SsoCallback kind="silent" />;
export const PopupCallbackPage = () => <SsoCallback kind="popup" />;
