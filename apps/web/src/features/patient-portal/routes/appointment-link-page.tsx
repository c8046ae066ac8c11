import type { AppointmentLinkActionResponse, AppointmentLinkResponse } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Card, Page } from '../../../components/ui/page.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatClinicDateTime } from '../../../lib/clinic-time.ts';
import { useAppointmentLink, useAppointmentLinkAction } from '../api/appointment-link-api.ts';
import styles from '../components/manage.module.css';
import page from '../components/patient-portal.module.css';

/**
 * /appointment-links/:token: a reminder's confirm or cancel link (docs/product/patient-portal.md
 * #reminders). Opening it only shows what it would do, since mail scanners open links; the
 * patient's press uses it, once. No sign-in: the link itself is the proof.
 */
export function AppointmentLinkPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const link = useAppointmentLink(token);
  const title =
    link.data?.action === 'CANCEL'
      ? t('appointment_link.cancel_title')
      : t('appointment_link.confirm_title');
  return (
    <Page title={title}>
      {link.isPending ? <Loading /> : null}
      {link.isError ? <p role="alert">{t('appointment_link.invalid')}</p> : null}
      {link.data ? <LinkDetails token={token} link={link.data} /> : null}
    </Page>
  );
}

function LinkDetails({ token, link }: { token: string; link: AppointmentLinkResponse }) {
  const { t, i18n } = useTranslation();
  const use = useAppointmentLinkAction(token);
  const { appointment } = link;
  const when = formatClinicDateTime(appointment.startsAt, appointment.timeZone, i18n.language);
  return (
    <Card as="article" labelledBy="appointment-link-exam">
      <h2 id="appointment-link-exam" className={page.cardTitle}>
        {appointment.examName}
      </h2>
      <dl className={page.details}>
        <div>
          <dt>{t('patient_portal.when')}</dt>
          <dd>{when}</dd>
        </div>
        <div>
          <dt>{t('patient_portal.where')}</dt>
          <dd>{appointment.clinicName}</dd>
        </div>
      </dl>
      <div role="status" aria-live="polite">
        {use.data ? <p className={styles.confirmed}>{outcomeText(t, use.data)}</p> : null}
        {use.data?.outcome === 'QUESTIONNAIRE_REQUIRED' && use.data.bookingKey ? (
          <p>
            <Link to={`/appointments/${use.data.bookingKey}`}>
              {t('appointment_link.open_booking')}
            </Link>
          </p>
        ) : null}
      </div>
      {use.isError ? <p role="alert">{refusalText(t, use.error)}</p> : null}
      {link.state !== 'USABLE' && !use.data ? (
        <p role="alert">
          {link.state === 'USED' ? t('appointment_link.used') : t('appointment_link.expired')}
        </p>
      ) : null}
      {link.state === 'USABLE' && !use.data && !use.isError ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={
              link.action === 'CANCEL' ? `${styles.button} ${styles.danger}` : styles.button
            }
            aria-disabled={use.isPending}
            onClick={() => {
              if (!use.isPending) use.mutate();
            }}
          >
            {link.action === 'CANCEL'
              ? t('appointment_link.cancel_button')
              : t('appointment_link.confirm_button')}
          </button>
        </div>
      ) : null}
    </Card>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

function outcomeText(t: Translate, result: AppointmentLinkActionResponse): string {
  switch (result.outcome) {
    case 'CONFIRMED':
      return t('message.appointment_confirmation');
    case 'CANCELED':
      return t('appointment_link.cancelled');
    case 'REQUESTED':
      return t('appointment_link.requested');
    default:
      return t('appointment_link.questionnaire_required');
  }
}

function refusalText(t: Translate, error: unknown): string {
  if (isApiError(error) && error.code === 'message.cancel_prior_minutes') {
    return t('appointment_link.too_late');
  }
  if (isApiError(error) && error.status === 410) return t('appointment_link.used');
  return t('appointment_link.failed');
}
