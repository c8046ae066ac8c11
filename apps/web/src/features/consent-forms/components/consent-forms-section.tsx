import type { AppointmentConsentForm } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Card } from '../../../components/ui/page.tsx';
import { LoadError } from '../../../components/ui/status.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePreservedLink } from '../../../lib/shell-mode.ts';
import { useConsentForms, useSignConsentForm } from '../api/consent-forms-api.ts';
import { useFocusWhenFree } from '../hooks/use-focus-when-free.ts';
import { consentEntryKey, signErrorKey, unsignedOf } from '../model/consent-form-rules.ts';
import { ConsentFormModal, SignatureFacts, SignedConsentModal } from './consent-form-modal.tsx';
import styles from './consent-forms.module.css';
import { ConsentNotificationModal } from './consent-notification-modal.tsx';

/**
 * The appointment page's consent forms (docs/product/consent-forms.md#the-page): each form an
 * appointment needs, to sign or signed (when, verified), Sign and View. When the page opens
 * with forms to sign, the notification modal says so, once per visit. Loaded on demand.
 */
export function ConsentFormsSection({ bookingKey }: { bookingKey: string }) {
  const { t } = useTranslation();
  const list = useConsentForms(bookingKey);
  const sign = useSignConsentForm(bookingKey);
  const navigate = useNavigate();
  const link = usePreservedLink();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useFocusWhenFree(heading);
  const notified = useRef(false);
  const [notifying, setNotifying] = useState(false);
  // The form being signed; `all` when the notification's Start walks through every unsigned one.
  const [signing, setSigning] = useState<{
    key: string;
    all: boolean;
    index: number;
    total: number;
  } | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const forms = list.data?.appointmentConsentForms ?? [];
  const unsigned = unsignedOf(forms);

  useEffect(() => {
    if (!list.data || notified.current) return;
    notified.current = true;
    if (unsignedOf(list.data.appointmentConsentForms).length > 0) setNotifying(true);
  }, [list.data]);

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
  const position = signing?.all ? { index: signing.index, total: signing.total } : null;

  const startSigning = (form: AppointmentConsentForm, all: boolean) => {
    setNotice(null);
    setSigning({ key: consentEntryKey(form), all, index: 1, total: unsigned.length });
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
      setNotice(
        `${t('consent_forms.signed_notice', { title: current.title })}${
          response.notifyPatient ? ` ${t('consent_forms.copy_sent')}` : ''
        }`,
      );
    } catch (cause) {
      // A form that changed or was signed elsewhere: the list shows how it is now.
      if (isApiError(cause) && cause.status === 409) void list.refetch();
      throw new Error(t(signErrorKey(isApiError(cause) ? cause.code : undefined)));
    }
  };

  const saved = () => {
    const next = signing?.all
      ? unsignedOf(forms).find((form) => consentEntryKey(form) !== signing.key)
      : undefined;
    if (next && signing) {
      setSigning({ ...signing, key: consentEntryKey(next), index: signing.index + 1 });
      return;
    }
    setSigning(null);
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
                  className={styles.button}
                  aria-haspopup="dialog"
                  aria-label={t('consent_forms.sign_named', { title: form.title })}
                  onClick={() => startSigning(form, false)}
                >
                  {t('consent_forms.sign')}
                </button>
              ) : (
                <button
                  type="button"
                  className={styles.secondaryButton}
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
      <p role="status" className={styles.notice}>
        {notice}
      </p>
      <ConsentNotificationModal
        isOpen={notifying}
        count={unsigned.length}
        onStart={() => {
          setNotifying(false);
          const first = unsigned[0];
          if (first) startSigning(first, true);
        }}
        onLater={() => setNotifying(false)}
      />
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
      <SignedConsentModal form={find(viewing)} onClose={() => setViewing(null)} />
    </Card>
  );
}
