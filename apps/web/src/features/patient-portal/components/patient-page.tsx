import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page.tsx';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import type { PatientPageTarget } from '../../../lib/patient-access.ts';
import { usePatientSession } from '../hooks/use-patient-session.ts';
import { LogoutButton } from './logout-button.tsx';
import styles from './patient-portal.module.css';

/**
 * The frame of every patient page: the authenticated check first (nothing of the booking is
 * fetched before it passes), then the content with a logout control.
 */
export function PatientPage({
  title,
  target,
  children,
}: {
  title: string;
  target: PatientPageTarget;
  children: (authenticated: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const { authenticated, failed, session } = usePatientSession(target);
  return (
    <Page title={title}>
      {failed ? (
        <LoadError onRetry={() => void session.refetch()} />
      ) : authenticated ? (
        <>
          <div className={styles.toolbar}>
            <span>{t('patient_portal.signed_in')}</span>
            <LogoutButton />
          </div>
          {children(authenticated)}
        </>
      ) : (
        <Loading />
      )}
    </Page>
  );
}
