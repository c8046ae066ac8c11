import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import buttons from '../../../components/ui/button.module.css';
import { Field } from '../../../components/ui/field.tsx';
import styles from './kiosk-check-in.module.css';

/**
 * The kiosk check-in's questions, one per screen (DESIGN.md §6): last name here, date of birth
 * and the one-time password in check-in-later-questions.tsx (loaded while the patient types the
 * name). The browser is asked to remember none of it (autocomplete off): the next person at the
 * kiosk must not be offered the last one's answers.
 */

/**
 * One question on the screen: its field takes the focus, so the patient can type at once. After
 * the shell's own move of focus to the main content on a new page (a later task, so it wins).
 */
export function useFocusOnShow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const timer = setTimeout(() => ref.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);
  return ref;
}

export function Actions({
  busy,
  submitLabel,
  onBack,
  backLabel,
}: {
  busy: boolean;
  submitLabel: string;
  onBack: () => void;
  /** Back to the question before, or Cancel: the check-in ends and the kiosk starts over. */
  backLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.actions}>
      <button type="submit" className={`${buttons.button} ${styles.bigButton}`} disabled={busy}>
        {busy ? t('kiosk_check_in.working') : submitLabel}
      </button>
      <button
        type="button"
        className={`${buttons.secondaryButton} ${styles.bigButton}`}
        onClick={onBack}
      >
        {backLabel}
      </button>
    </div>
  );
}

export function LastNameQuestion({
  initial,
  onSubmit,
  onCancel,
  onTyping,
}: {
  initial: string;
  onSubmit: (lastName: string) => void;
  onCancel: () => void;
  /** The patient typed: time to fetch what the next screens need. */
  onTyping?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = useFocusOnShow<HTMLInputElement>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (!trimmed) {
      setError(t('kiosk_check_in.last_name.required'));
      return;
    }
    onSubmit(trimmed);
  };
  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      <Field
        id={id}
        label={<span className={styles.question}>{t('kiosk_check_in.last_name.label')}</span>}
        hint={t('kiosk_check_in.last_name.hint')}
        error={error}
        announceError
      >
        {(control) => (
          <input
            {...control}
            className={`${control.className} ${styles.bigInput}`}
            type="text"
            autoComplete="off"
            autoCapitalize="words"
            spellCheck={false}
            maxLength={100}
            ref={input}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
              onTyping?.();
            }}
          />
        )}
      </Field>
      <Actions
        busy={false}
        submitLabel={t('kiosk_check_in.continue')}
        onBack={onCancel}
        backLabel={t('action.cancel')}
      />
    </form>
  );
}
