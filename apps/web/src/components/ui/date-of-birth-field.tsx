import { type ChangeEvent, type Ref, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DatePart,
  type DateParts,
  datePartOrder,
  joinDateParts,
  splitDateValue,
} from './date-of-birth.ts';
import styles from './date-of-birth-field.module.css';
import { controlClassName, FieldGroup } from './field.tsx';

const maxLength: Record<DatePart, number> = { day: 2, month: 2, year: 4 };
const autoComplete: Record<DatePart, string> = {
  day: 'bday-day',
  month: 'bday-month',
  year: 'bday-year',
};

/**
 * A date of birth as three labelled number boxes (the GOV.UK date input pattern), in the order
 * the active locale writes dates. A native date input follows the browser's locale instead of
 * the portal's (mm/dd/yyyy in an en-US browser for an Australian provider), and a calendar
 * picker is slow for a date decades back. The value is `YYYY-MM-DD` once complete; the caller
 * validates it with `dateOfBirthProblem` and passes the message back as `errorMessage`.
 */
export function DateOfBirthField({
  label,
  hint,
  value,
  onChange,
  onBlur,
  errorMessage,
  ref,
  id: givenId,
  rememberable = true,
}: {
  label: string;
  hint?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  errorMessage?: string | null | undefined;
  /** Receives the first box, so an error summary link can focus the field. */
  ref?: Ref<HTMLInputElement> | undefined;
  id?: string | undefined;
  /** False on a shared device (a kiosk): the browser is asked not to offer or keep the date. */
  rememberable?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const generatedId = useId();
  const id = givenId ?? generatedId;
  // What was typed, kept apart from the value so "03" stays "03" while the value says 2024-03-…
  const [parts, setParts] = useState<DateParts>(() => splitDateValue(value));
  const lastEmitted = useRef(value);
  if (value !== lastEmitted.current) {
    // The form changed the value (a reset, say): show that instead of what was typed.
    lastEmitted.current = value;
    setParts(splitDateValue(value));
  }

  const order = datePartOrder(i18n.language);
  const hintText = hint ?? t(`form.date_of_birth.hint_${order.join('_')}`);

  const change = (part: DatePart) => (event: ChangeEvent<HTMLInputElement>) => {
    const digits = event.target.value.replace(/\D/g, '').slice(0, maxLength[part]);
    const next = { ...parts, [part]: digits };
    setParts(next);
    const joined = joinDateParts(next);
    lastEmitted.current = joined;
    onChange(joined);
  };

  return (
    <FieldGroup legend={label} hint={hintText} error={errorMessage}>
      <div className={styles.parts}>
        {order.map((part, index) => (
          <div key={part} className={styles.part}>
            <label className={styles.label} htmlFor={`${id}-${part}`}>
              {t(`form.date_of_birth.${part}`)}
            </label>
            <input
              ref={index === 0 ? ref : undefined}
              id={`${id}-${part}`}
              name={`${id}-${part}`}
              className={`${controlClassName(Boolean(errorMessage), 'none')} ${styles[part]}`}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={rememberable ? autoComplete[part] : 'off'}
              maxLength={maxLength[part]}
              value={parts[part]}
              aria-invalid={errorMessage ? true : undefined}
              onChange={change(part)}
              onBlur={onBlur}
            />
          </div>
        ))}
      </div>
    </FieldGroup>
  );
}
