import type { AppointmentResult, ResultsResponse, SharedAccessRecord } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import { formatClinicDateTime } from '../../../lib/clinic-time.ts';
import { ViewImagesButton } from '../../image-viewer/index.ts';
import { type ResultsMode, resultsDenyUrl, useResults } from '../api/results-api.ts';
import type { ShareSubject } from '../model/share-form.ts';
import { formatLocalDateTime } from '../model/share-list.ts';
import manage from './manage.module.css';
import styles from './patient-portal.module.css';
import { ResultCard } from './result-card.tsx';
import results from './results.module.css';
import { ResultsContact } from './results-contact.tsx';
import { preloadShareModal, ResultsSharedModal, ShareResultsModal } from './results-lazy.tsx';
import { OwnerResultsTools } from './results-owner-tools.tsx';
import { StatusNotice } from './status-notice.tsx';

/** Newest first, whatever order they came in. */
const newestFirst = (list: readonly AppointmentResult[]) =>
  [...list].sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));

interface OpenShare {
  subject: ShareSubject;
  text: string;
}

/**
 * The results of a results page (docs/product/patient-portal.md#results-and-sharing), once its
 * session check passed. The owner (`owner`) and the patient's history (`history`) can share and
 * see whom they shared with; the owner can also ask for every result of theirs (patient match).
 * A recipient (`shared`) sees who shared it and until when, and no action. A read refused because
 * the access period is over, or the share was revoked, goes to the deny page.
 */
export function ResultsView({
  mode,
  bookingKey,
  enabled,
}: {
  mode: ResultsMode;
  bookingKey: string;
  enabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const query = useResults(mode, bookingKey, enabled);
  const denyUrl = query.isError
    ? resultsDenyUrl(query.error, pathname.startsWith('/iframe/'))
    : null;
  const [share, setShare] = useState<OpenShare | null>(null);
  const [sharedOpen, setSharedOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (denyUrl) navigate(denyUrl, { replace: true });
  }, [denyUrl, navigate]);

  if (query.isPending || denyUrl) return <Loading />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  const data: ResultsResponse = query.data;
  const list = newestFirst(data.results);
  const until = data.accessExpiresAt
    ? formatLocalDateTime(data.accessExpiresAt, i18n.language)
    : null;

  const openShare = (subject: ShareSubject, text: string) => (element: HTMLElement) => {
    opener.current = element;
    setNotice(null);
    setShare({ subject, text });
  };
  const onShared = () => {
    setShare(null);
    setSharedOpen(true);
  };
  const onRevoked = (record: SharedAccessRecord) => {
    setShare(null);
    setNotice(t('results.revoke.done', { contact: record.contactName ?? record.contactDetails }));
  };
  const closeShared = () => {
    setSharedOpen(false);
    // The share modal closed as this one opened: focus goes back to the button that began it.
    requestAnimationFrame(() => opener.current?.focus());
  };
  const resultText = (result: AppointmentResult) =>
    t('results.share.subject_result', {
      exam: result.exam.name,
      date: formatClinicDateTime(result.startsAt, result.timeZone, i18n.language, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
    });

  return (
    <>
      {data.shared ? (
        <div className={results.sharedBy}>
          <p>{t('results.shared_by', { firstName: data.patient.firstName })}</p>
          {until ? <p>{t('results.shared_until', { date: until })}</p> : null}
        </div>
      ) : (
        <>
          <p className={styles.lead}>
            {t(mode === 'history' ? 'results.history_greeting' : 'results.greeting', {
              firstName: data.patient.firstName,
              lastName: data.patient.lastName,
            })}
          </p>
          {until ? <p>{t('results.access_until', { date: until })}</p> : null}
        </>
      )}
      {mode === 'history' && list.length > 0 ? (
        <div className={results.pageActions}>
          <div className={manage.actions}>
            <ShareButton
              label={t('results.share_history')}
              onOpen={openShare({ type: 'HISTORY' }, t('results.share.subject_history'))}
            />
          </div>
        </div>
      ) : null}
      <StatusNotice text={notice} />
      {list.length === 0 ? <p>{t('results.none')}</p> : null}
      {list.map((result) => (
        <ResultCard
          key={result.appointmentId}
          result={result}
          actions={
            !data.shared && result.status === 'AVAILABLE' ? (
              <div className={manage.actions}>
                {result.imagesAvailable && result.accessionNumber ? (
                  <ViewImagesButton
                    accessionNumber={result.accessionNumber}
                    examName={result.exam.name}
                    className={manage.button}
                  />
                ) : null}
                {mode === 'owner' ? (
                  <ShareButton
                    label={t('results.share_result')}
                    name={t('results.share_result_named', { exam: result.exam.name })}
                    onOpen={openShare(
                      { type: 'RESULT', appointmentId: result.appointmentId },
                      resultText(result),
                    )}
                  />
                ) : null}
              </div>
            ) : null
          }
        />
      ))}
      {mode === 'owner' ? <OwnerResultsTools bookingKey={bookingKey} /> : null}
      {/* The patient's own pages only: a recipient of a share is not the call centre's patient. */}
      {data.shared ? null : <ResultsContact bookingKey={bookingKey} />}
      {data.shared ? null : (
        <>
          <ShareResultsModal
            isOpen={share !== null}
            bookingKey={bookingKey}
            subject={share?.subject ?? { type: 'HISTORY' }}
            subjectText={share?.text ?? ''}
            results={list}
            onShared={onShared}
            onRevoked={onRevoked}
            onClose={() => setShare(null)}
          />
          <ResultsSharedModal isOpen={sharedOpen} onClose={closeShared} />
        </>
      )}
    </>
  );
}

/** A Share button; its chunk starts loading as the pointer or focus comes near. */
function ShareButton({
  label,
  name,
  onOpen,
}: {
  label: string;
  /** The accessible name when the label alone is ambiguous (several results). */
  name?: string;
  onOpen: (element: HTMLElement) => void;
}) {
  return (
    <button
      type="button"
      className={manage.button}
      aria-label={name}
      onPointerEnter={preloadShareModal}
      onFocus={preloadShareModal}
      onClick={(event) => onOpen(event.currentTarget)}
    >
      {label}
    </button>
  );
}
