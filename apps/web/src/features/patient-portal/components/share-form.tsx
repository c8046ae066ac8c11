import { resultsErrorCodes } from '@portal/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useCreateShare } from '../api/results-sharing-api.ts';
import {
  expiryChoices,
  noteCharactersLeft,
  type ShareFormErrors,
  type ShareFormValues,
  type ShareRules,
  type ShareSubject,
  shareFormErrors,
  shareRequestOf,
} from '../model/share-form.ts';
import manage from './manage.module.css';
import styles from './results.module.css';

/**
 * The share results modal's create form (spec 2 §4 Sharing, §5): who to share with (an e-mail
 * address, or with SMS sharing a mobile number), their name, a note with the characters left,
 * and how long the access lasts. Errors show once the patient submits (then as they type); the
 * first field in error takes focus. Success hands over to `onShared`.
 */
export function ShareForm({
  bookingKey,
  subject,
  rules,
  onShared,
}: {
  bookingKey: string;
  subject: ShareSubject;
  rules: ShareRules;
  onShared: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateShare(bookingKey);
  const choices = expiryChoices(rules);
  const [values, setValues] = useState<ShareFormValues>({
    contact: '',
    contactName: '',
    note: '',
    expiresInDays: rules.expiryDefaultDays,
  });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ShareFormErrors>({});
  const [failed, setFailed] = useState(false);
  const contactRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);

  const errors: ShareFormErrors = submitted
    ? { ...shareFormErrors(values, rules), ...serverErrors }
    : serverErrors;
  const left = noteCharactersLeft(values.note, rules);
  const set = (field: keyof ShareFormValues) => (value: string | number) => {
    setValues((current) => ({ ...current, [field]: value }));
    // The server's word on a field holds until the patient changes that field.
    setServerErrors((current) => {
      const { [field as keyof ShareFormErrors]: _changed, ...rest } = current;
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setSubmitted(true);
    setFailed(false);
    const found = shareFormErrors(values, rules);
    const request = shareRequestOf(values, rules, subject);
    if (!request) {
      (found.contact ? contactRef : found.contactName ? nameRef : noteRef).current?.focus();
      return;
    }
    try {
      await create.mutateAsync(request);
      onShared();
    } catch (error) {
      if (isApiError(error) && error.code === resultsErrorCodes.invalidContactDetails) {
        setServerErrors({ contact: 'form.invalid_contact_details' });
        contactRef.current?.focus();
      } else setFailed(true);
    }
  };

  const errorText = (key: string | undefined) => (key ? t(key) : null);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className={styles.sectionTitle}>
        {t('results.share.form_title')}
      </h4>
      {failed ? (
        <p className={styles.alert} role="alert">
          {t('results.share.failed')}
        </p>
      ) : null}
      <Field
        id={`${id}-contact`}
        label={t(
          rules.smsEnabled ? 'results.share.contact_label_sms' : 'results.share.contact_label',
        )}
        hint={t('results.share.contact_hint')}
        error={errorText(errors.contact)}
        width="full"
      >
        {(control) => (
          <input
            {...control}
            ref={contactRef}
            type={rules.smsEnabled ? 'text' : 'email'}
            inputMode={rules.smsEnabled ? 'text' : 'email'}
            autoComplete="off"
            spellCheck={false}
            maxLength={254}
            value={values.contact}
            onChange={(event) => set('contact')(event.target.value)}
          />
        )}
      </Field>
      <Field
        id={`${id}-name`}
        label={t('results.share.name_label')}
        hint={t('results.share.name_hint')}
        error={errorText(errors.contactName)}
        width="full"
      >
        {(control) => (
          <input
            {...control}
            ref={nameRef}
            type="text"
            autoComplete="off"
            value={values.contactName}
            onChange={(event) => set('contactName')(event.target.value)}
          />
        )}
      </Field>
      <Field
        id={`${id}-note`}
        label={t('results.share.note_label')}
        hint={
          left >= 0
            ? t('results.share.note_remaining', { count: left })
            : t('results.share.note_over', { count: -left })
        }
        error={errorText(errors.note)}
        width="full"
      >
        {(control) => (
          <textarea
            {...control}
            ref={noteRef}
            rows={3}
            value={values.note}
            onChange={(event) => set('note')(event.target.value)}
          />
        )}
      </Field>
      {choices.length > 0 ? (
        <Field id={`${id}-expiry`} label={t('results.share.expiry_label')} width="short">
          {(control) => (
            <select
              {...control}
              value={values.expiresInDays ?? ''}
              onChange={(event) => set('expiresInDays')(Number(event.target.value))}
            >
              {choices.map((days) => (
                <option key={days} value={days}>
                  {t('results.share.expiry_days', { count: days })}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <button type="submit" className={manage.button} aria-disabled={create.isPending || undefined}>
        {create.isPending ? t('results.share.sharing') : t('results.share.submit')}
      </button>
    </form>
  );
}
