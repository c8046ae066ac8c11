import { type BookingRequestSummaryResponse, nameWithModality } from '@portal/contract';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { Card } from '../../../components/ui/page.tsx';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import { WhenNear } from '../../../components/ui/when-near.tsx';
import { shareBookingRequestWithChat } from '../../../lib/chat-context.ts';
import { browserTimeZone, formatClinicDateTime } from '../../../lib/clinic-time.ts';
import { patientPageTarget } from '../../../lib/patient-access.ts';
import { useBookingRequestSummary } from '../api/summary-api.ts';
import { BookingRequestCancel } from '../components/booking-request-cancel.tsx';
import { PatientPage } from '../components/patient-page.tsx';
import styles from '../components/patient-portal.module.css';
import { StatusNotice } from '../components/status-notice.tsx';
import { useFocusRescue } from '../hooks/use-focus-rescue.ts';
import { asksForDetailsForm } from '../model/update-details-link.ts';

// The card's Documents section loads when near, as the appointment card's does (decision 026);
// the header's View referral with the page, apart from its first load (docs/benchmarks.md).
const RequestDocuments = lazy(async () => ({
  default: (await import('../components/request-documents.tsx')).RequestDocuments,
}));
const RequestViewReferral = lazy(async () => ({
  default: (await import('../components/request-view-referral.tsx')).RequestViewReferral,
}));
const PatientDetailsSection = lazy(async () => ({
  default: (await import('../components/patient-details-section.tsx')).PatientDetailsSection,
}));
const CallCentreSection = lazy(async () => ({
  default: (await import('../components/call-centre-section.tsx')).CallCentreSection,
}));

/**
 * The booking request page: /booking-requests/:bookingKey and /br/:bookingKey. The request's
 * exams, clinic, preferred time, the patient's notes and status, Cancel request while it is
 * cancellable (docs/product/patient-portal.md#manage), and its documents with the header's View
 * referral (docs/product/attachments.md).
 */
export function BookingRequestSummaryPage() {
  const { t } = useTranslation();
  const bookingKey = useParams().bookingKey ?? '';
  const { pathname } = useLocation();
  const target = useMemo(
    () => patientPageTarget(pathname) ?? { bookingKey, type: 'BOOKING_REQUEST' as const },
    [pathname, bookingKey],
  );
  return (
    <PatientPage title={t('page.booking_requests.title')} target={target}>
      {(authenticated) => <RequestSummary bookingKey={bookingKey} enabled={authenticated} />}
    </PatientPage>
  );
}

/**
 * The live chat, if the provider has one (features/chat, docs/product/chat.md), is about this
 * request while the page shows it: the desk completes it by its key.
 */
function useShareWithChat(request: BookingRequestSummaryResponse | undefined) {
  useEffect(() => {
    if (!request) return;
    shareBookingRequestWithChat({
      slug: request.bookingKey,
      patientNotes: request.patientNotes,
      bookingDetails: {
        exams: request.exams.map(({ slug, name, modalityName }) => ({
          slug,
          name,
          nameWithModality: nameWithModality(name, modalityName),
        })),
        clinicName: request.clinic?.name ?? null,
      },
      patientDetails: {
        title: null,
        firstName: request.patient.firstName,
        lastName: request.patient.lastName,
        dateOfBirth: null,
        email: null,
        contactNumber: null,
        postalCode: null,
      },
    });
    return () => shareBookingRequestWithChat(null);
  }, [request]);
}

function RequestSummary({ bookingKey, enabled }: { bookingKey: string; enabled: boolean }) {
  const { search } = useLocation();
  const { t, i18n } = useTranslation();
  const summary = useBookingRequestSummary(bookingKey, enabled);
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusCard = useFocusRescue(heading);
  useShareWithChat(summary.data);
  if (summary.isPending) return <Loading />;
  if (summary.isError) return <LoadError onRetry={() => void summary.refetch()} />;
  const request = summary.data;
  const zone = request.clinic?.timeZone ?? browserTimeZone();

  return (
    <>
      <p className={styles.lead}>
        {t('patient_portal.greeting', {
          firstName: request.patient.firstName,
          lastName: request.patient.lastName,
        })}
      </p>
      <Card as="article" labelledBy="booking-request-details">
        <h2 id="booking-request-details" ref={heading} tabIndex={-1} className={styles.cardTitle}>
          {t('patient_portal.request_details')}
        </h2>
        <dl className={styles.details}>
          <div>
            <dt>{t('patient_portal.exams')}</dt>
            <dd>
              <ul className={styles.plainList}>
                {request.exams.map((exam) => (
                  <li key={exam.slug}>
                    {exam.name} ({exam.modalityName})
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          <div>
            <dt>{t('patient_portal.where')}</dt>
            <dd>
              {request.clinic ? (
                <>
                  {request.clinic.name}
                  <br />
                  {request.clinic.address}
                </>
              ) : (
                t('patient_portal.any_clinic')
              )}
            </dd>
          </div>
          <div>
            <dt>{t('patient_portal.preferred_time')}</dt>
            <dd>
              {request.preferredStart
                ? formatClinicDateTime(request.preferredStart, zone, i18n.language)
                : t('patient_portal.no_preference')}
            </dd>
          </div>
          {request.patientNotes ? (
            <div>
              <dt>{t('patient_portal.patient_notes')}</dt>
              <dd className={styles.notes}>{request.patientNotes}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('patient_portal.status')}</dt>
            <dd>
              <strong className={styles.tag}>
                {t(`patient_portal.request_status.${request.status}`, {
                  defaultValue: request.status,
                })}
              </strong>
            </dd>
          </div>
        </dl>
        {request.cancellable ? (
          <BookingRequestCancel
            bookingKey={bookingKey}
            onNotice={setNotice}
            focusCard={focusCard}
          />
        ) : null}
        <Suspense fallback={null}>
          <RequestViewReferral bookingKey={bookingKey} />
        </Suspense>
        <WhenNear>
          <Suspense fallback={null}>
            <RequestDocuments
              bookingKey={bookingKey}
              status={request.status}
              onNotice={setNotice}
            />
          </Suspense>
        </WhenNear>
        <StatusNotice text={notice} />
      </Card>
      <WhenNear now={asksForDetailsForm(search)}>
        <Suspense fallback={null}>
          <PatientDetailsSection target={{ kind: 'booking_requests', bookingKey }} />
        </Suspense>
        <Suspense fallback={null}>
          <CallCentreSection target={{ kind: 'booking_requests', bookingKey }} />
        </Suspense>
      </WhenNear>
      <p className={styles.keyLine}>
        {t('patient_portal.booking_key')} <span className={styles.bookingKey}>{bookingKey}</span>
      </p>
    </>
  );
}
