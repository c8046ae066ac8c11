import type { AppointmentConsentForm } from '@portal/contract';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import buttons from '../../../components/ui/button.module.css';
import { Card } from '../../../components/ui/page.tsx';
import { LoadError } from '../../../components/ui/status.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePreservedLink } from '../../../lib/shell-mode.ts';
import { useConsentForms, useSignConsentForm } from '../api/consent-forms-api.ts';
import { useFocusWhenFree } from '../hooks/use-focus-when-free.ts';
import { consentEntryKey, signErrorKey, unsignedOf } from '../model/consent-form-rules.ts';
import styles from './consent-forms.module.css';
import type { ConsentNotification } from './consent-notification-modal.tsx';
import { SignatureFacts } from './signature-facts.tsx';

// The dialogs load when one opens: the section comes with the appointment page, whose initial
// JavaScript has no room for the modal (docs/benchmarks.md, docs/decisions/026).
const modals = () => import('./consent-form-modal.tsx');
const ConsentFormModal = lazy(async () => ({ default: (await modals()).ConsentFormModal }));
const SignedConsentModal = lazy(async () => ({ default: (await modals()).SignedConsentModal }));
const ConsentNotificationModal = lazy(async () => ({
  default: (await import('./consent-notification-modal.tsx')).ConsentNotificationModal,
}));

/**
 * The appointment page's consent forms (docs/product/consent-forms.md#the-page): each form an
 * appointment needs, to sign or signed (when, verified), Sign and View. After a signature the
 * notification modal says so, whether a notice went to the patient, and offers the next form.
 * Loaded on demand, its dialogs when they open.
 */
export function ConsentFormsSection({ bookingKey }: { bookingKey: string }) {
  const { t } = useTranslation();
  const list = useConsentForms(bookingKey);
  const sign = useSignConsentForm(bookingKey);
  const navigate = useNavigate();
  const link = usePreservedLink();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useFocusWhenFree(heading);
  // The form being signed, and its place among the forms to sign when there are several.
  const [signing, setSigning] = useState<{ key: string; index: number; total: number } | null>(
    null,
  );
  const [viewing, setViewing] = useState<string | null>(null);
  const [notification, setNotification] = useState<ConsentNotification | null>(null);
  // What the last signature answered, shown in the notification once its modal has closed.
  const signed = useRef<ConsentNotification | null>(null);
  const forms = list.data?.appointmentConsentForms ?? [];
  const unsigned = unsignedOf(forms);

  // Nothing while loading: the section appears under the cards once it knows of forms.
  if (list.isPending) return null;
  if (list.isError) {
    // 404: the key has no appointment the server knows (the summary says so); nothing to add.
    return isApiError(list.error) && list.error.status === 404 ? null : (
      <LoadError onRetry={() => void list.refetch()} />
    );
  }
  if (forms.length === 0) return null;

  const find = (key: string | null) => forms.find((form) => consentEntryKey(form) === key) ?? null;
  const current = signing ? find(signing.key) : null;
  const position = signing ? { index: signing.index, total: signing.total } : null;

  const startSigning = (form: AppointmentConsentForm, index = 1, total = unsigned.length) => {
    setNotification(null);
    setSigning({ key: consentEntryKey(form), index, total });
  };

  const submit = async (result: string) => {
    if (!current) return;
    try {
      const response = await sign.mutateAsync({
        appointmentId: current.appointmentId,
        consentFormId: current.consentFormId,
        version: current.version,
        answers: JSON.parse(result) as Record<string, unknown>,
      });
      signed.current = {
        title: current.title,
        notifyPatient: response.notifyPatient,
        remaining: unsignedOf(response.appointmentConsentForms).length,
      };
    } catch (cause) {
      // A form that changed or was signed elsewhere: the list shows how it is now.
      if (isApiError(cause) && cause.status === 409) void list.refetch();
      throw new Error(t(signErrorKey(isApiError(cause) ? cause.code : undefined)));
    }
  };

  const saved = () => {
    setSigning(null);
    setNotification(signed.current);
  };
  const closeNotification = () => {
    setNotification(null);
    focusHeading();
  };

  const headingId = 'consent-forms-heading';
  return (
    <Card labelledBy={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.heading}>
        {t('consent_forms.heading')}
      </h2>
      <p className={styles.meta}>
        {unsigned.length > 0
          ? t('consent_forms.intro_to_sign', { count: unsigned.length })
          : t('consent_forms.intro_all_signed')}
      </p>
      <ul className={styles.list}>
        {forms.map((form) => {
          const key = consentEntryKey(form);
          return (
            <li key={key} className={styles.item} data-consent-form={form.slug}>
              <p className={styles.title}>{form.title}</p>
              <p className={styles.meta}>{t('consent_forms.for_exam', { exam: form.examName })}</p>
              {form.signature ? (
                <SignatureFacts form={form} />
              ) : (
                <p className={styles.missing}>{t('consent_forms.to_sign')}</p>
              )}
              {form.status === 'TO_SIGN' ? (
                <button
                  type="button"
                  className={`${buttons.button} ${styles.action}`}
                  aria-haspopup="dialog"
                  aria-label={t('consent_forms.sign_named', { title: form.title })}
                  onClick={() => startSigning(form)}
                >
                  {t('consent_forms.sign')}
                </button>
              ) : (
                <button
                  type="button"
                  className={`${buttons.secondaryButton} ${styles.action}`}
                  aria-haspopup="dialog"
                  aria-label={t('consent_forms.view_named', { title: form.title })}
                  onClick={() => setViewing(key)}
                >
                  {t('consent_forms.view')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <Suspense fallback={null}>
        {notification ? (
          <ConsentNotificationModal
            notification={notification}
            onStart={() => {
              const next = unsigned[0];
              if (next) startSigning(next);
              else closeNotification();
            }}
            onClose={closeNotification}
          />
        ) : null}
        {current ? (
          <ConsentFormModal
            form={current}
            position={position}
            onSubmit={submit}
            onSaved={saved}
            onLeave={() => {
              setSigning(null);
              navigate(link('/'));
            }}
          />
        ) : null}
        {viewing ? (
          <SignedConsentModal form={find(viewing)} onClose={() => setViewing(null)} />
        ) : null}
      </Suspense>
    </Card>
  );
}
