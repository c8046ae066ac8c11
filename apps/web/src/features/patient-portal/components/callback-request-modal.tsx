import {
  type CallbackRequestBodyInput,
  type CallCentreState,
  callbackWindowsMax,
} from '@portal/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { controlClassName, Field, FieldGroup } from '../../../components/ui/field.tsx';
import { formatClinicTimeOfDay } from '../../../lib/clinic-time.ts';
import {
  type CallbackErrors,
  type CallbackForm,
  callbackErrors,
  hasCallbackErrors,
  normalisedPhone,
} from '../model/call-centre-form.ts';
import cc from './call-centre.module.css';
import { CallCentreFormModal } from './call-centre-form-modal.tsx';
import styles from './manage.module.css';
import own from './patient-details.module.css';

const emptyWindow = { date: '', from: '', to: '' };
let nextKey = 0;
const newWindow = () => ({ ...emptyWindow, key: nextKey++ });

/**
 * "Request a callback" (docs/product/contact-the-clinic.md): the phone number prefilled from the
 * booking, one to three preferred windows on the clinic's wall clock (its opening hours shown;
 * the server refuses a window outside them), an optional reason.
 */
export function CallbackRequestModal({
  state,
  timeZone,
  busy,
  failure,
  onSubmit,
  onClose,
}: {
  state: CallCentreState;
  timeZone: string;
  busy: boolean;
  failure: string | null;
  onSubmit: (body: CallbackRequestBodyInput) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<CallbackForm>(() => ({
    phone: state.phone,
    windows: [newWindow()],
    reason: '',
  }));
  const [errors, setErrors] = useState<CallbackErrors>({ windows: [] });

  const weekday = (n: number) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' }).format(
      Date.UTC(2024, 0, n),
    );
  const hours =
    state.openingHours
      .map(
        (h) =>
          `${weekday(h.weekday)} ${formatClinicTimeOfDay(h.opens, i18n.language)}–${formatClinicTimeOfDay(h.closes, i18n.language)}`,
      )
      .join(', ') || t('call_centre.closed_all_week');

  const setWindow = (index: number, part: keyof typeof emptyWindow, value: string) =>
    setForm({
      ...form,
      windows: form.windows.map((w, i) => (i === index ? { ...w, [part]: value } : w)),
    });

  const submit = () => {
    const found = callbackErrors(form);
    setErrors(found);
    if (hasCallbackErrors(found)) {
      const index = found.windows.findIndex(Boolean);
      const target = found.phone ? `${id}-phone` : `${id}-window-${index}-date`;
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(target)}`)?.focus();
      return;
    }
    onSubmit({
      phone: normalisedPhone(form.phone),
      windows: form.windows.map(({ date, from, to }) => ({ date, from, to })),
      reason: form.reason.trim() || null,
    });
  };

  return (
    <CallCentreFormModal
      title={t('call_centre.callback_title')}
      intro={
        <>
          <p className={own.intro}>{t('call_centre.callback_intro', { timeZone })}</p>
          <p className={own.meta}>{t('call_centre.opening_hours', { hours })}</p>
        </>
      }
      failure={failure}
      busy={busy}
      formRef={formRef}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field
        id={`${id}-phone`}
        label={t('call_centre.phone')}
        hint={t('call_centre.phone_hint')}
        error={errors.phone ? t(errors.phone) : undefined}
      >
        {(control) => (
          <input
            {...control}
            type="tel"
            autoComplete="tel"
            value={form.phone}
            onChange={(event) => setForm({ ...form, phone: event.target.value })}
          />
        )}
      </Field>
      {form.windows.map((window, index) => {
        const error = errors.windows[index];
        const base = `${id}-window-${index}`;
        const number = index + 1;
        return (
          <FieldGroup
            key={window.key}
            legend={t('call_centre.window_legend', { number })}
            error={error ? t(error) : undefined}
          >
            {(['date', 'from', 'to'] as const).map((part) => (
              <div key={part} className={cc.windowPart}>
                <label htmlFor={`${base}-${part}`}>{t(`call_centre.${part}`)}</label>
                <input
                  id={`${base}-${part}`}
                  className={controlClassName(Boolean(error), 'short')}
                  type={part === 'date' ? 'date' : 'time'}
                  aria-invalid={error ? true : undefined}
                  value={window[part]}
                  onChange={(event) => setWindow(index, part, event.target.value)}
                />
              </div>
            ))}
            {form.windows.length > 1 ? (
              <button
                type="button"
                className={styles.secondaryButton}
                onClick={() =>
                  setForm({ ...form, windows: form.windows.filter((_, i) => i !== index) })
                }
              >
                {t('call_centre.remove_window', { number })}
              </button>
            ) : null}
          </FieldGroup>
        );
      })}
      {form.windows.length < callbackWindowsMax ? (
        <p>
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() => setForm({ ...form, windows: [...form.windows, newWindow()] })}
          >
            {t('call_centre.add_window')}
          </button>
        </p>
      ) : null}
      <Field id={`${id}-reason`} label={t('call_centre.reason')} width="full">
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={500}
            value={form.reason}
            onChange={(event) => setForm({ ...form, reason: event.target.value })}
          />
        )}
      </Field>
    </CallCentreFormModal>
  );
}
