import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import buttons from '../../../components/ui/button.module.css';
import { Inset, Page } from '../../../components/ui/page.tsx';
import status from '../../../components/ui/status.module.css';
import { Loading } from '../../../components/ui/status.tsx';
import { useApplicationConfig } from '../../../lib/config.tsx';
import {
  requestNonce,
  type SsoSettings,
  signInSilently,
  signInWithPopup,
} from '../model/single-sign-on.ts';

type State =
  | { step: 'checking' }
  | { step: 'sign-in'; nonce: string | null }
  | { step: 'popup' }
  | { step: 'signed-in'; username: string }
  | { step: 'error'; nonce: string | null };

/** The web's user check (features/account) reads this query; a sign-in refreshes it. */
const accountQueryKey = ['account'];

/** Where the viewer's link goes after sign-in, when the page was opened with one. */
function viewerTarget(params: URLSearchParams): string | null {
  const imsec = params.get('imsec');
  const repositorySource = params.get('repositorySource');
  if (!imsec || !repositorySource) return null;
  return `/referrer-report?${new URLSearchParams({ imsec, repositorySource })}`;
}

/**
 * The image viewer authentication page (spec 1 §2, §4; docs/product/single-sign-on.md): single
 * sign-on, silently first, then in a popup after a press of Sign in (a popup needs a user
 * gesture); then "signed in as", or message.error_check_images_authorization with Try again.
 */
export function ImageViewerAccessPage() {
  const { t } = useTranslation();
  const application = useApplicationConfig();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ step: 'checking' });
  const started = useRef(false);
  const settings: SsoSettings | null =
    application.azureClientId && application.azureUrlWithTenantId
      ? { authority: application.azureUrlWithTenantId, clientId: application.azureClientId }
      : null;
  const target = viewerTarget(params);

  const signedIn = useCallback(
    (username: string) => {
      void queryClient.invalidateQueries({ queryKey: accountQueryKey });
      setState({ step: 'signed-in', username });
      if (target) void navigate(target, { replace: true });
    },
    [navigate, queryClient, target],
  );

  // The popup's nonce is fetched before the press, so the popup opens within the gesture.
  const awaitPress = useCallback((step: 'sign-in' | 'error') => {
    setState({ step, nonce: null });
    requestNonce().then(
      (nonce) => setState((current) => (current.step === step ? { step, nonce } : current)),
      () => setState({ step: 'error', nonce: null }),
    );
  }, []);

  useEffect(() => {
    if (started.current || !settings) return;
    started.current = true;
    signInSilently(settings).then(
      (outcome) =>
        outcome.kind === 'signed-in' ? signedIn(outcome.user.username) : awaitPress('sign-in'),
      () => awaitPress('error'),
    );
  }, [settings, signedIn, awaitPress]);

  const popup = (nonce: string) => {
    if (!settings) return;
    setState({ step: 'popup' });
    signInWithPopup(settings, nonce).then(
      (user) => signedIn(user.username),
      () => awaitPress('error'),
    );
  };

  const title = t('page.image_viewer_access.title');
  if (!settings) {
    return (
      <Page title={title}>
        <div className={status.error} role="alert">
          <p>{t('message.error_check_images_authorization')}</p>
        </div>
      </Page>
    );
  }
  return (
    <Page title={title}>
      {state.step === 'checking' ? <Loading /> : null}
      {state.step === 'popup' ? (
        <div className={status.loading} role="status">
          <span>{t('sso.popup_open')}</span>
        </div>
      ) : null}
      {state.step === 'sign-in' ? (
        <>
          <p>{t('sso.sign_in_lead')}</p>
          <button
            type="button"
            className={buttons.button}
            disabled={state.nonce === null}
            onClick={() => state.nonce && popup(state.nonce)}
          >
            {t('sso.sign_in')}
          </button>
        </>
      ) : null}
      {state.step === 'signed-in' ? (
        <Inset>
          <p role="status">{t('sso.signed_in_as', { username: state.username })}</p>
          {target ? <p>{t('sso.opening_images')}</p> : null}
        </Inset>
      ) : null}
      {state.step === 'error' ? (
        <div className={status.error} role="alert">
          <p>{t('message.error_check_images_authorization')}</p>
          <button
            type="button"
            className={buttons.button}
            disabled={state.nonce === null}
            onClick={() => state.nonce && popup(state.nonce)}
          >
            {t('sso.try_again')}
          </button>
        </div>
      ) : null}
    </Page>
  );
}
