import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './field.module.css';

/**
 * The width a control may take: 'long' (30rem, most of the booking form), 'short' (16rem, a
 * number or code), 'full' (the whole column), or 'none' (the caller's own class sets it).
 */
export type FieldWidth = 'long' | 'short' | 'full' | 'none';

/**
 * The space below a field or group: 'stacked' (1.5rem, fields in a column) or 'none' (its
 * parent spaces its children, a grid's gap say).
 */
export type FieldSpacing = 'stacked' | 'none';

const widthClass: Record<FieldWidth, string | undefined> = {
  long: styles.long,
  short: styles.short,
  full: styles.full,
  none: undefined,
};

/** The class of a field's input, select or textarea, drawn in its error state when invalid. */
export function controlClassName(invalid: boolean, width: FieldWidth = 'long'): string {
  return [styles.control, widthClass[width], invalid ? styles.controlError : undefined]
    .filter(Boolean)
    .join(' ');
}

/** What a field hands its control: spread them on the input, select or textarea. */
export interface FieldControlProps {
  id: string;
  className: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

type Message = ReactNode | null | undefined | false;

/** The wrapper's classes: its own, its spacing, and the red bar while in error. */
const wrapperClassName = (own: string | undefined, spacing: FieldSpacing, error: Message) =>
  [own, spacing === 'stacked' ? styles.stacked : undefined, error ? styles.fieldError : undefined]
    .filter(Boolean)
    .join(' ');

/** The error under the hint, prefixed "Error:" for screen readers (GOV.UK error message). */
function ErrorMessage({
  id,
  message,
  announce,
}: {
  id: string;
  message: ReactNode;
  announce: boolean;
}) {
  const { t } = useTranslation();
  return (
    <span id={id} className={styles.errorMessage} role={announce ? 'alert' : undefined}>
      {/* The space keeps "Error:" and the message two words in the accessible description. */}
      <span className="visually-hidden">{t('form.error_prefix')} </span>
      {message}
    </span>
  );
}

const describedBy = (hintId: string | null, errorId: string | null) =>
  [hintId, errorId].filter(Boolean).join(' ') || undefined;

/**
 * A form field (GOV.UK's pattern, shaped like Epic Stack's `Field`): the label, an optional
 * hint, the error message once there is one, then the control. The control is the caller's
 * (an input, select or textarea, registered with react-hook-form or not); it gets the id the
 * label names, the hint and error as its description, `aria-invalid` while in error and the
 * field's class. The hint's and error's ids are `<id>-hint` and `<id>-error`.
 */
export function Field({
  id,
  label,
  hint,
  error,
  announceError = false,
  width = 'long',
  spacing = 'stacked',
  children,
}: {
  /** The control's id. */
  id: string;
  label: ReactNode;
  hint?: Message;
  /** The message to show; empty while the field is valid. */
  error?: Message;
  /**
   * Says the error as it appears (role="alert"): for a problem found without the patient
   * submitting (an upload refused), not for errors an error summary already announces.
   */
  announceError?: boolean;
  width?: FieldWidth;
  spacing?: FieldSpacing;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  return (
    <div className={wrapperClassName(undefined, spacing, error)}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hintId ? (
        <span className={styles.hint} id={hintId}>
          {hint}
        </span>
      ) : null}
      {errorId ? <ErrorMessage id={errorId} message={error} announce={announceError} /> : null}
      {children({
        id,
        className: controlClassName(Boolean(error), width),
        'aria-describedby': describedBy(hintId, errorId),
        'aria-invalid': error ? true : undefined,
      })}
    </div>
  );
}

/**
 * Several controls answering one question (a date in three boxes, a radio group): a fieldset
 * whose legend is the question, with the hint and error as the group's description. The
 * controls are the caller's; those that take text use `controlClassName`.
 */
export function FieldGroup({
  legend,
  legendClassName,
  hint,
  error,
  announceError = false,
  spacing = 'stacked',
  children,
  ...fieldset
}: {
  legend: ReactNode;
  /** Replaces the legend's own class (a larger question, say). */
  legendClassName?: string | undefined;
  hint?: Message;
  error?: Message;
  announceError?: boolean;
  spacing?: FieldSpacing;
  children: ReactNode;
} & Omit<ComponentProps<'fieldset'>, 'className' | 'aria-describedby' | 'children'>) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  return (
    <fieldset
      {...fieldset}
      className={wrapperClassName(styles.fieldset, spacing, error)}
      aria-describedby={describedBy(hintId, errorId)}
    >
      <legend className={legendClassName ?? styles.legend}>{legend}</legend>
      {hintId ? (
        <span className={styles.hint} id={hintId}>
          {hint}
        </span>
      ) : null}
      {errorId ? <ErrorMessage id={errorId} message={error} announce={announceError} /> : null}
      {children}
    </fieldset>
  );
}
