import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logoutPatient, patientQueryKey } from '../../../lib/patient-access.ts';
import { usePreservedLink } from '../../../lib/shell-mode.ts';
import styles from './patient-portal.module.css';

/** Ends the patient session (server and cached data) and goes home. */
export function LogoutButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const link = usePreservedLink();
  const [busy, setBusy] = useState(false);

  const logout = async () => {
    setBusy(true);
    try {
      await logoutPatient();
    } catch {
      // Going home anyway: the cookie is HttpOnly, and a failed call leaves it to expire.
    }
    // Home first, then forget the session's data: removed while this page is still mounted
    // (the home's code may still be loading), its queries would fetch again, be refused, and
    // the 401 rule would send the patient to sign in instead of home (as the kiosk's end does).
    await navigate(link('/'), { replace: true });
    queryClient.removeQueries({ queryKey: patientQueryKey });
  };

  return (
    <button type="button" className={styles.secondaryButton} onClick={logout} disabled={busy}>
      {t('action.logout')}
    </button>
  );
}
