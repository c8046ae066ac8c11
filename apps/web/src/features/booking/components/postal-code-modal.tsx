import type { PostalCodeLocation } from '@portal/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePostalCodeSearch } from '../api/catalogue-api.ts';
import styles from './booking.module.css';
import { BookingModal } from './booking-modal.tsx';

/**
 * The 'can't locate' modal (spec 2 §2, §4): the patient types a postal code or suburb and
 * picks one; closing it falls back to the default location.
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
  return (
    <BookingModal
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
      <label className={styles.label} htmlFor={id}>
        {t('booking.location.postal_code_label')}
      </label>
      <input
        id={id}
        className={styles.input}
        inputMode="search"
        autoComplete="postal-code"
        value={q}
        onChange={(event) => setQ(event.target.value)}
      />
      <div aria-live="polite">
        {search.data?.length ? (
          <ul className={styles.chips}>
            {search.data.map((location) => (
              <li key={location.id}>
                <button type="button" className={styles.chip} onClick={() => onChoose(location)}>
                  {location.suburb} {location.code}
                </button>
              </li>
            ))}
          </ul>
        ) : q.trim().length >= 2 && search.isSuccess ? (
          <p className={styles.hint}>{t('booking.location.no_results')}</p>
        ) : null}
      </div>
    </BookingModal>
  );
}
