import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  clinicZoneName,
  formatClinicDateTime,
  formatClinicDateTimeRange,
} from '../../../lib/clinic-time.ts';
import { usePreservedLink } from '../../../lib/shell-mode.ts';
import { CheckInQrCodes } from '../../check-in/index.ts';
import { isTranslationKey } from '../../questionnaires/index.ts';
import { loadCompletion, type PreferredTime } from '../model/booking-session.ts';
import styles from './booking.module.css';
import { RedirectModal } from './redirect-modal.tsx';
import { WalkInGuidance } from './walk-in-guidance.tsx';

/** The completion summary: exams, clinic, clinic-local date and time, and the booking key. */
export function CompletionSummary() {
  const { t, i18n } = useTranslation();
  const link = usePreservedLink();
  const navigate = useNavigate();
  const [redirecting, setRedirecting] = useState(false);
  const completion = loadCompletion();
  const target = completion
    ? link(
        completion.kind === 'BOOKING_REQUEST'
          ? `/booking-requests/${completion.bookingKey}`
          : `/appointments/${completion.bookingKey}`,
      )
    : '/';
  const go = useCallback(() => navigate(target), [navigate, target]);

  if (!completion) {
    return (
      <div className={styles.notice}>
        <p>{t('booking.complete.missing')}</p>
        <Link to={link('/')}>{t('booking.complete.book_another')}</Link>
      </div>
    );
  }
  const staff = completion.staffBooking ? '_staff' : '';

  return (
    <div>
      <div className={styles.panel} role="status">
        <h2>{t(`booking.complete.${completion.kind.toLowerCase()}${staff}`)}</h2>
        <p>{t('booking.complete.booking_key')}</p>
        <p className={styles.bookingKey}>
          <strong data-testid="booking-key">{completion.bookingKey}</strong>
        </p>
        {completion.requestBookingKey && completion.requestBookingKey !== completion.bookingKey ? (
          <p>
            {t('booking.complete.request_key')} <strong>{completion.requestBookingKey}</strong>
          </p>
        ) : null}
        {completion.confirmationMessage ? (
          // A questionnaire outcome's message: a translation key or the provider's own text.
          <p>
            {isTranslationKey(completion.confirmationMessage)
              ? t(completion.confirmationMessage)
              : completion.confirmationMessage}
          </p>
        ) : null}
        <WalkInGuidance guidance={completion.walkIn} />
      </div>

      <h2>{t('booking.complete.details')}</h2>
      <dl className={styles.summaryList}>
        {completion.appointments.map((item) => (
          <div key={`${item.examName}-${item.date}`}>
            <dt>{item.examName}</dt>
            <dd>{item.clinicName}</dd>
            <dd>{formatClinicDateTime(item.date, item.timeZone, i18n.language)}</dd>
          </div>
        ))}
        {completion.bookingRequests.map((item) => (
          <div key={`${item.examName}-${item.bookingKey}`}>
            <dt>{item.examName}</dt>
            <dd>{item.clinicName ?? ''}</dd>
            <dd>{t('booking.complete.request_sent')}</dd>
          </div>
        ))}
        {completion.bookingRequests.length ? (
          <div>
            <dt>{t('booking.complete.preferred_time')}</dt>
            <dd data-testid="preferred-time">
              {completion.preferred
                ? preferredText(completion.preferred, i18n.language, t)
                : t('booking.complete.preferred_none')}
            </dd>
          </div>
        ) : null}
      </dl>
      {completion.kind === 'APPOINTMENT' && !completion.staffBooking ? (
        <CheckInQrCodes bookingKey={completion.bookingKey} appointments={completion.appointments} />
      ) : null}
      <p>{t(`booking.complete.next_steps${staff}`)}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => setRedirecting(true)}>
          {t('booking.complete.manage')}
        </button>
        {/* The details form opens on the booking's page once signed in (origin CONFIRMATION). */}
        <Link
          to={`${target}${target.includes('?') ? '&' : '?'}updateDetails=CONFIRMATION`}
          className={styles.linkButton}
        >
          {t('patient_details.update_button')}
        </Link>
        <Link to={link('/')} className={styles.linkButton}>
          {t('booking.complete.book_another')}
        </Link>
      </div>
      <RedirectModal isOpen={redirecting} onNavigate={go} onCancel={() => setRedirecting(false)} />
    </div>
  );
}

/** A request's preferred time in the clinic's own time: the window, or the parts of the day. */
function preferredText(preferred: PreferredTime, locale: string, t: TFunction): string {
  if (preferred.kind === 'time_of_day') {
    return t('booking.complete.preferred_time_of_day', {
      parts: new Intl.ListFormat(locale, { type: 'conjunction' }).format(
        preferred.timeOfDay.map((part) => t(`booking.slots.${part.toLowerCase()}`)),
      ),
      zone: clinicZoneName(preferred.timeZone, locale, new Date()),
    });
  }
  return preferred.end
    ? formatClinicDateTimeRange(preferred.start, preferred.end, preferred.timeZone, locale)
    : formatClinicDateTime(preferred.start, preferred.timeZone, locale);
}
