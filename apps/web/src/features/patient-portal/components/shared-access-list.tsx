import type { AppointmentResult, SharedAccessRecord } from '@portal/contract';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import { useClock } from '../../../lib/clock.tsx';
import { useShares } from '../api/results-sharing-api.ts';
import {
  browserSummary,
  formatLocalDateTime,
  sharedExamName,
  shareIsActive,
} from '../model/share-list.ts';
import manage from './manage.module.css';
import styles from './results.module.css';

/**
 * The list of shared access (spec 2 §2 Modals, §3, §9): every share of this key, newest first,
 * with who it went to, when (the patient's own time), until when, whether it was revoked, and
 * each time the recipient opened it (when, from which address, in which browser). At most
 * 450 px tall and scrolling; the scrolling region is focusable and named, so the keyboard can
 * scroll it too.
 */
export function SharedAccessList({
  bookingKey,
  results,
  onRevoke,
}: {
  bookingKey: string;
  results: readonly AppointmentResult[];
  onRevoke: (share: SharedAccessRecord) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const shares = useShares(bookingKey, true);
  const list = shares.data?.shares ?? [];
  return (
    <div>
      <h4 id={`${id}-title`} className={styles.sectionTitle}>
        {t('results.shares.title')}
      </h4>
      {shares.isPending ? (
        <Loading />
      ) : shares.isError ? (
        <LoadError onRetry={() => void shares.refetch()} />
      ) : (
        <ScrollRegion labelledBy={`${id}-title`}>
          {list.length === 0 ? (
            <p className={styles.empty}>{t('results.shares.none')}</p>
          ) : (
            <ul>
              {list.map((share) => (
                <ShareItem key={share.id} share={share} results={results} onRevoke={onRevoke} />
              ))}
            </ul>
          )}
        </ScrollRegion>
      )}
    </div>
  );
}

/**
 * The list's scrolling box: a named region that takes focus, so a keyboard can scroll it
 * (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
function ScrollRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so the keyboard can scroll it.
    <section className={styles.shareList} aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  );
}

function ShareItem({
  share,
  results,
  onRevoke,
}: {
  share: SharedAccessRecord;
  results: readonly AppointmentResult[];
  onRevoke: (share: SharedAccessRecord) => void;
}) {
  const { t, i18n } = useTranslation();
  const now = useClock();
  const when = (instant: string) => formatLocalDateTime(instant, i18n.language);
  const exam = sharedExamName(share, results);
  const active = shareIsActive(share, now());
  const who = share.contactName
    ? t('results.shares.to_named', { name: share.contactName, contact: share.contactDetails })
    : share.contactDetails;
  return (
    <li className={styles.share}>
      <h5 className={styles.shareTitle}>{who}</h5>
      <dl className={styles.shareFacts}>
        <div>
          <dt>{t('results.shares.what')}</dt>
          <dd>
            {share.type === 'HISTORY'
              ? t('results.shares.what_history')
              : exam
                ? t('results.shares.what_result_named', { exam })
                : t('results.shares.what_result')}
          </dd>
        </div>
        <div>
          <dt>{t('results.shares.created')}</dt>
          <dd>{when(share.dateCreatedUTC)}</dd>
        </div>
        {share.dateRevoked ? (
          <div>
            <dt>{t('results.shares.revoked')}</dt>
            <dd className={styles.revoked}>{when(share.dateRevoked)}</dd>
          </div>
        ) : (
          <div>
            <dt>{active ? t('results.shares.expires') : t('results.shares.expired')}</dt>
            <dd>{when(share.expiresAt)}</dd>
          </div>
        )}
        {share.note ? (
          <div>
            <dt>{t('results.shares.note')}</dt>
            <dd>{share.note}</dd>
          </div>
        ) : null}
      </dl>
      <div className={styles.accesses}>
        <p className={styles.accessTitle}>{t('results.shares.accesses_title')}</p>
        {share.accesses.length === 0 ? (
          <p className={styles.noAccesses}>{t('results.shares.no_accesses')}</p>
        ) : (
          <ul>
            {share.accesses.map((access) => (
              <li key={`${access.at}-${access.clientAddress}`}>
                {t('results.shares.access', {
                  when: when(access.at),
                  address: access.clientAddress,
                  browser: browserSummary(access.userAgent) ?? t('results.shares.unknown_browser'),
                })}
              </li>
            ))}
          </ul>
        )}
      </div>
      {share.dateRevoked === null && active ? (
        <div className={styles.shareActions}>
          <button type="button" className={manage.secondaryButton} onClick={() => onRevoke(share)}>
            {t('results.shares.revoke', { contact: share.contactName ?? share.contactDetails })}
          </button>
        </div>
      ) : null}
    </li>
  );
}
