import type { CallCentreMessageRequest, CallCentreState } from '@portal/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { type MessageErrors, type MessageForm, messageErrors } from '../model/call-centre-form.ts';
import { CallCentreFormModal } from './call-centre-form-modal.tsx';
import own from './patient-details.module.css';

/**
 * "Message the call centre" (docs/product/contact-the-clinic.md): a topic from the provider's
 * list and a plain-text message. The booking's reference, exams, clinic and time are added by
 * the server, so the patient types none of them. A refusal (`failure`) shows in the form, so
 * nothing typed is lost.
 */
export function CallCentreMessageModal({
  state,
  busy,
  failure,
  onSubmit,
  onClose,
}: {
  state: CallCentreState;
  busy: boolean;
  /** The server's refusal, already in words; null while there is none. */
  failure: string | null;
  onSubmit: (body: CallCentreMessageRequest) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<MessageForm>({ topic: '', message: '' });
  const [errors, setErrors] = useState<MessageErrors>({});
  const max = state.messageMaxLength;
  const left = max - form.message.length;

  const submit = () => {
    const found = messageErrors(form, max);
    setErrors(found);
    const first = (['topic', 'message'] as const).find((field) => found[field]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus();
      return;
    }
    onSubmit({ topic: form.topic, message: form.message.trim() });
  };

  return (
    <CallCentreFormModal
      title={t('call_centre.message_title')}
      intro={<p className={own.intro}>{t('call_centre.message_intro')}</p>}
      failure={failure}
      busy={busy}
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field
        id={`${id}-topic`}
        label={t('call_centre.topic_label')}
        error={errors.topic ? t(errors.topic) : undefined}
      >
        {(control) => (
          <select
            {...control}
            value={form.topic}
            onChange={(event) => setForm({ ...form, topic: event.target.value })}
          >
            <option value="">{t('call_centre.topic_choose')}</option>
            {state.topics.map((topic) => (
              <option key={topic.code} value={topic.code}>
                {t(topic.labelKey)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={`${id}-message`}
        label={t('call_centre.message')}
        hint={t('call_centre.message_hint', { max })}
        error={errors.message ? t(errors.message, { max }) : undefined}
        width="full"
      >
        {(control) => (
          <textarea
            {...control}
            rows={6}
            maxLength={max}
            value={form.message}
            onChange={(event) => setForm({ ...form, message: event.target.value })}
          />
        )}
      </Field>
      <p className={own.meta} aria-live="polite">
        {left <= 100 ? t('call_centre.characters_left', { count: Math.max(0, left) }) : null}
      </p>
    </CallCentreFormModal>
  );
}
