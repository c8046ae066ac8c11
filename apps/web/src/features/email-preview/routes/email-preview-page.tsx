import {
  isSupportedLocale,
  type MessageTemplate,
  messageTemplates,
  type SupportedLocale,
  supportedLocales,
} from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Field } from '../../../components/ui/field.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useEmailPreview } from '../api/email-preview-api.ts';
import styles from './email-preview-page.module.css';
import { PreviewFrame } from './preview-frame.tsx';

/** The server's message, with the fields it refused ("... (template)"): what to fix. */
const reasonOf = (error: Error) =>
  isApiError(error) && error.fields.length > 0
    ? `${error.message} (${error.fields.map((field) => field.path).join(', ')})`
    : error.message;

const isTemplate = (value: string | null): value is MessageTemplate =>
  (messageTemplates as readonly (string | null)[]).includes(value);

/**
 * The e-mail preview (spec 1 §2: query template, lang, referenceId): every message the portal
 * sends, in each language, so a provider can check its wording. The pickers write the query,
 * so a preview can be linked; a referenceId (a booking key) is kept as given.
 */
export function EmailPreviewPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const rawTemplate = params.get('template');
  const rawLang = params.get('lang');
  const current = isSupportedLocale(i18n.language) ? i18n.language : 'en-AU';
  // An unknown name in the address still goes to the server, whose refusal is shown in red.
  const template = (rawTemplate ?? messageTemplates[0]) as MessageTemplate;
  const lang = (rawLang ?? current) as SupportedLocale;
  const referenceId = params.get('referenceId') ?? undefined;
  const preview = useEmailPreview({ template, lang, referenceId });

  const choose = (name: 'template' | 'lang', value: string) => {
    const next = new URLSearchParams(params);
    next.set(name, value);
    setParams(next, { replace: true });
  };

  return (
    <Page title={t('page.preview_email.title')} lead={t('email_preview.intro')}>
      <div className={styles.pickers}>
        <Field id="email-preview-template" label={t('email_preview.template_label')} width="none">
          {(control) => (
            <select
              {...control}
              value={isTemplate(template) ? template : ''}
              onChange={(event) => choose('template', event.target.value)}
            >
              {isTemplate(template) ? null : <option value="" disabled />}
              {messageTemplates.map((name) => (
                <option key={name} value={name}>
                  {t(`email_preview.templates.${name}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="email-preview-lang" label={t('email_preview.language_label')} width="none">
          {(control) => (
            <select
              {...control}
              value={isSupportedLocale(lang) ? lang : ''}
              onChange={(event) => choose('lang', event.target.value)}
            >
              {isSupportedLocale(lang) ? null : <option value="" disabled />}
              {supportedLocales.map((locale) => (
                <option key={locale} value={locale} lang={locale}>
                  {t(`email_preview.languages.${locale}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <p className={styles.note}>
        {referenceId ? t('email_preview.reference_note') : t('email_preview.sample_note')}
      </p>
      {preview.isError ? (
        <p className={styles.error} role="alert">
          {t('email_preview.error', { message: reasonOf(preview.error) })}
        </p>
      ) : preview.data ? (
        <PreviewFrame
          content={preview.data.content}
          lang={lang}
          title={t('email_preview.frame_title', {
            template: isTemplate(template) ? t(`email_preview.templates.${template}`) : template,
          })}
          busy={preview.isFetching}
        />
      ) : (
        <p role="status">{t('email_preview.loading')}</p>
      )}
    </Page>
  );
}
