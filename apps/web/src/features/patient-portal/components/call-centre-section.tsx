import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/page.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatCalendarDay, formatClinicTimeOfDay } from '../../../lib/clinic-time.ts';
import { isReadOnlyRefusal, readOnlyRefusal } from '../../../lib/read-only.ts';
import {
  type CallCentreTarget,
  useCallCentre,
  useRequestCallback,
  useSendCallCentreMessage,
} from '../api/call-centre-api.ts';
import { useFocusRescue } from '../hooks/use-focus-rescue.ts';
import { refusalKey } from '../model/call-centre-form.ts';
import styles from './manage.module.css';
import own from './patient-details.module.css';
import portal from './patient-portal.module.css';
import { StatusNotice } from './status-notice.tsx';

// The forms load when they open: the card comes with the appointment and booking request pages,
// whose initial JavaScript has no room for a modal (docs/decisions/026).
const CallCentreMessageModal = lazy(async () => ({
  default: (await import('./call-centre-message-modal.tsx')).CallCentreMessageModal,
}));
const CallbackRequestModal = lazy(async () => ({
  default: (await import('./callback-request-modal.tsx')).CallbackRequestModal,
}));

/**
 * "Contact the call centre" (docs/product/contact-the-clinic.md) on the appointment and booking
 * request pages: a message or a callback request, each in its modal; the acknowledgement in the
 * page's status region once sent, and a callback waiting for the call centre listed until the
 * provider marks it done.
 */
export function CallCentreSection({
  target,
  focusWhenLoaded = false,
}: {
  target: CallCentreTarget;
  /** Focus the heading once loaded: the card replaced the button that asked for it. */
  focusWhenLoaded?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const state = useCallCentre(target);
  const sendMessage = useSendCallCentreMessage(target);
  const requestCallback = useRequestCallback(target);
  const [open, setOpen] = useState<'message' | 'callback' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useFocusRescue(heading);

  const data = state.data;
  const loaded = data !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the state first arrives.
  useEffect(() => {
    if (focusWhenLoaded && loaded) heading.current?.focus();
  }, [loaded]);

  // A secondary card: shown once loaded; a failed load is swallowed (spec 2 §8), the page stands.
  if (!data) return null;

  const failureText = (error: unknown) =>
    isReadOnlyRefusal(error)
      ? t(readOnlyRefusal.message)
      : t(refusalKey(isApiError(error) ? error.code : null), { max: data.messageMaxLength });
  const show = (which: 'message' | 'callback') => {
    setNotice(null);
    setFailure(null);
    setOpen(which);
  };
  const done = (key: string) => {
    setOpen(null);
    setNotice(t(key));
    focusHeading();
  };
  const close = () => {
    setOpen(null);
    focusHeading();
  };
  const day = (date: string) =>
    formatCalendarDay(date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' });
  const time = (value: string) => formatClinicTimeOfDay(value, i18n.language);

  return (
    <Card labelledBy="call-centre-heading">
      <h2 id="call-centre-heading" ref={heading} tabIndex={-1} className={portal.cardTitle}>
        {t('call_centre.heading')}
      </h2>
      <p className={own.meta}>{t('call_centre.lead')}</p>
      {data.pendingCallbacks.map((callback) => (
        <div key={callback.id} className={own.pending}>
          <h3 className={own.subheading}>{t('call_centre.pending_heading')}</h3>
          <ul className={own.changes}>
            {callback.windows.map((window) => (
              <li key={`${window.date}-${window.from}`}>
                {t('call_centre.pending_window', {
                  date: day(window.date),
                  from: time(window.from),
                  to: time(window.to),
                })}
              </li>
            ))}
          </ul>
          <p className={own.meta}>{t('call_centre.pending_note')}</p>
        </div>
      ))}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.button}
          aria-haspopup="dialog"
          onClick={() => show('message')}
        >
          {t('call_centre.message_button')}
        </button>
        {data.timeZone ? (
          <button
            type="button"
            className={styles.secondaryButton}
            aria-haspopup="dialog"
            onClick={() => show('callback')}
          >
            {t('call_centre.callback_button')}
          </button>
        ) : null}
      </div>
      {data.timeZone ? null : <p className={own.meta}>{t('call_centre.no_callback')}</p>}
      <StatusNotice text={notice} />
      <Suspense fallback={null}>
        {open === 'message' ? (
          <CallCentreMessageModal
            state={data}
            busy={sendMessage.isPending}
            failure={failure}
            onClose={close}
            onSubmit={(body) => {
              setFailure(null);
              sendMessage.mutate(body, {
                onSuccess: () => done('call_centre.message_sent'),
                onError: (error) => setFailure(failureText(error)),
              });
            }}
          />
        ) : null}
        {open === 'callback' && data.timeZone ? (
          <CallbackRequestModal
            state={data}
            timeZone={data.timeZone}
            busy={requestCallback.isPending}
            failure={failure}
            onClose={close}
            onSubmit={(body) => {
              setFailure(null);
              requestCallback.mutate(body, {
                onSuccess: () => done('call_centre.callback_sent'),
                onError: (error) => setFailure(failureText(error)),
              });
            }}
          />
        ) : null}
      </Suspense>
    </Card>
  );
}
