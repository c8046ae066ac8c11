import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import buttons from '../../../components/ui/button.module.css';
import { Field } from '../../../components/ui/field.tsx';
import { Page } from '../../../components/ui/page.tsx';
import status from '../../../components/ui/status.module.css';
import { requestDirectImageAccess } from '../api/image-viewer-api.ts';
import { useGoTo } from '../hooks/use-go-to.ts';
import {
  type DirectAccessForm,
  directAccessFailure,
  directAccessRequest,
  emailMaxLength,
  inputMaxLength,
  usernameMaxLength,
} from '../model/direct-access-form.ts';
import styles from './referrer-report.module.css';

/** The form's three fields, all required (spec 1 §5). */
const fields: {
  name: keyof DirectAccessForm;
  type: 'text' | 'email';
  maxLength: number;
  autoComplete: string;
}[] = [
  { name: 'input', type: 'text', maxLength: inputMaxLength, autoComplete: 'off' },
  { name: 'username', type: 'text', maxLength: usernameMaxLength, autoComplete: 'name' },
  { name: 'email', type: 'email', maxLength: emailMaxLength, autoComplete: 'email' },
];

/**
 * `/referrer-access`: an external radiologist opens images without a login (spec 1 §4, §5, §6):
 * the link's token or an accession number, their name and e-mail, all required; POST
 * /api/image_viewer/direct (audited with both) and on to the viewer's url, or
 * message.user_not_have_access_to_images.
 */
export function ReferrerAccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [form, setForm] = useState<DirectAccessForm>({
    input: params.get('imsec') ?? params.get('input') ?? '',
    username: '',
    email: '',
  });
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const request = directAccessRequest(form);
  const goTo = useGoTo();

  const change = (name: keyof DirectAccessForm) => (value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    setFailure(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!request || sending) return;
    setSending(true);
    setFailure(null);
    try {
      const { url } = await requestDirectImageAccess(request);
      if (!goTo(url)) throw new Error('not an http(s) url');
    } catch (error) {
      setFailure(directAccessFailure(error));
      setSending(false);
    }
  };

  return (
    <Page title={t('page.referrer_access.title')} lead={t('referrer_access.lead')}>
      {failure ? (
        <p className={`${status.error} ${styles.error}`} role="alert">
          {t(failure)}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate>
        {fields.map((field) => (
          <Field
            key={field.name}
            id={`referrer-access-${field.name}`}
            label={t(`referrer_access.${field.name}_label`)}
            hint={field.name === 'input' ? t('referrer_access.input_hint') : undefined}
          >
            {(control) => (
              <input
                {...control}
                name={field.name}
                type={field.type}
                required
                maxLength={field.maxLength}
                autoComplete={field.autoComplete}
                spellCheck={field.name === 'input' ? false : undefined}
                value={form[field.name]}
                onChange={(event) => change(field.name)(event.target.value)}
              />
            )}
          </Field>
        ))}
        <button type="submit" className={buttons.button} disabled={!request || sending}>
          {sending ? t('referrer_access.opening') : t('referrer_access.submit')}
        </button>
      </form>
    </Page>
  );
}
