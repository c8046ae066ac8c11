import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page.tsx';
import { LoadError, Loading } from '../../../components/ui/status.tsx';
import { useIsMobile } from '../../../lib/media-query.ts';
import type { PatientPageTarget } from '../../../lib/patient-access.ts';
import { usePatientPortalConfig } from '../api/portal-config-api.ts';
import { type PatientSignIn, usePatientSession } from '../hooks/use-patient-session.ts';
import { LogoutButton } from './logout-button.tsx';
import { PatientNotice } from './patient-notice.tsx';
import frame from './patient-page.module.css';
import styles from './patient-portal.module.css';

/** The provider's image behind the patient pages (an application asset, as the header's). */
export const backgroundImageUrl = '/api/assets/application/patient_portal_background';

/**
 * The frame of every patient page: the authenticated check first (nothing of the booking is
 * fetched before it passes), then the content with a logout control. On larger screens the
 * provider's background image when patientPortalBackgroundImageEnabled is set (docs/product/patient-portal.md);
 * printed, a clean confirmation (patient-page.module.css).
 */
export function PatientPage({
  title,
  target,
  signIn,
  signedInText,
  children,
}: {
  title: string;
  target: PatientPageTarget;
  /** The toolbar's line ("You are signed in to this booking." by default). */
  signedInText?: string | undefined;
  /** How the page signs in when its session check answers 401 (this page by default). */
  signIn?: PatientSignIn | undefined;
  children: (authenticated: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const { authenticated, failed, session } = usePatientSession(target, signIn);
  const config = usePatientPortalConfig().data;
  const isMobile = useIsMobile();
  return (
    <div className={frame.page}>
      {config?.patientPortalBackgroundImageEnabled && !isMobile ? (
        <div
          className={frame.background}
          style={{ backgroundImage: `url("${backgroundImageUrl}")` }}
          aria-hidden="true"
          data-testid="patient-portal-background"
        />
      ) : null}
      <Page title={title}>
        {failed ? (
          <LoadError onRetry={() => void session.refetch()} />
        ) : authenticated ? (
          <>
            <div className={`${styles.toolbar} ${frame.noPrint}`}>
              <span>{signedInText ?? t('patient_portal.signed_in')}</span>
              <LogoutButton />
            </div>
            <PatientNotice />
            {children(authenticated)}
          </>
        ) : (
          <Loading />
        )}
      </Page>
    </div>
  );
}
