import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Field } from '../../../components/ui/field.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { defaultEmbedLink, parseEmbedLink } from './embed-link.ts';
import styles from './iframe-test-page.module.css';

/**
 * Embeds a portal page as a provider's website would
 * (docs/product/shell-and-configuration.md#static-and-test-pages).
 */
export function IframeTestPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('link');
  const link = parseEmbedLink(raw, window.location.origin);
  const [draft, setDraft] = useState(raw ?? defaultEmbedLink);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    next.set('link', draft);
    setParams(next);
  };

  return (
    <Page title={t('page.iframe_test.title')} lead={t('page.iframe_test.lead')}>
      <form onSubmit={submit}>
        <Field
          id="embed-link"
          label={t('page.iframe_test.link_label')}
          hint={t('page.iframe_test.link_hint')}
          // The link in the address is refused: announced, and no frame is shown.
          error={link === null ? t('page.iframe_test.invalid_link') : null}
          announceError
          width="none"
        >
          {(control) => (
            <div className={styles.row}>
              <input
                {...control}
                className={`${control.className} ${styles.input}`}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                spellCheck={false}
                autoComplete="off"
              />
              <button type="submit" className={styles.button}>
                {t('page.iframe_test.show')}
              </button>
            </div>
          )}
        </Field>
      </form>
      {link === null ? null : (
        <iframe className={styles.frame} src={link} title={t('page.iframe_test.frame_title')} />
      )}
    </Page>
  );
}
