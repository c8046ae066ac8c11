import type { PostalCodeLocation } from '@portal/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { usePostalCodeSearch } from '../api/catalogue-api.ts';
import styles from './booking.module.css';

/**
 * The 'can't locate' modal (docs/product/booking.md#clinic-selection): the patient types a postal
 * code or suburb and picks one; closing it falls back to the default location.
 */
export function PostalCodeModal({
  isOpen,
  located,
  onChoose,
  onClose,
}: {
  isOpen: boolean;
  /** false: the browser could not locate the patient (the 'can't locate' wording). */
  located: boolean;
  onChoose: (location: PostalCodeLocation) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const id = useId();
  const search = usePostalCodeSearch(q);
  const listRef = useRef<HTMLUListElement>(null);
  // Enter pressed before the results for what was typed have arrived: acted on when they do.
  const [enterPending, setEnterPending] = useState(false);

  // Enter picks the only match, or moves to the list when there are several.
  const actOnEnter = (results: PostalCodeLocation[]) => {
    const [only] = results;
    if (results.length === 1 && only) onChoose(only);
    else listRef.current?.querySelector('button')?.focus();
  };

  useEffect(() => {
    if (!enterPending || search.isFetching) return;
    setEnterPending(false);
    if (search.data) actOnEnter(search.data);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (search.data && !search.isFetching) actOnEnter(search.data);
    else if (q.trim().length >= 2) setEnterPending(true);
  };

  return (
    <Modal
      dismiss="any"
      size="wide"
      isOpen={isOpen}
      onClose={onClose}
      title={t(located ? 'booking.location.change_title' : 'booking.location.cant_locate_title')}
      actions={
        <button type="button" className={styles.secondaryButton} onClick={onClose}>
          {t('booking.location.use_default')}
        </button>
      }
    >
      {located ? null : <p>{t('booking.location.cant_locate_text')}</p>}
      <Field id={id} label={t('booking.location.postal_code_label')}>
        {(control) => (
          <>
            <input
              {...control}
              inputMode="search"
              autoComplete="postal-code"
              value={q}
              onChange={(event) => setQ(event.target.value)}
              onKeyDown={onKeyDown}
            />
            {/* The matches belong to the field: right under the box, the field's spacing after them. */}
            <div aria-live="polite">
              {search.data?.length ? (
                <ul ref={listRef} className={styles.chips}>
                  {search.data.map((location) => (
                    <li key={location.id}>
                      <button
                        type="button"
                        className={styles.chip}
                        onClick={() => onChoose(location)}
                      >
                        {location.suburb} {location.code}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : q.trim().length >= 2 && search.isSuccess ? (
                <p className={styles.hint}>{t('booking.location.no_results')}</p>
              ) : null}
            </div>
          </>
        )}
      </Field>
    </Modal>
  );
}
