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

  // Home first, while the session still answers; then forget its data and end it. Ended
  // first, any call the still-mounted page made while the home's code loaded was refused, and
  // the 401 rule sent the patient to sign in instead of home.
  const logout = async () => {
    setBusy(true);
    await navigate(link('/'), { replace: true });
    queryClient.removeQueries({ queryKey: patientQueryKey });
    try {
      await logoutPatient();
    } catch {
      // Home anyway: the cookie is HttpOnly, and a failed call leaves the session to expire.
    }
  };

  return (
    <button type="button" className={styles.secondaryButton} onClick={logout} disabled={busy}>
      {t('action.logout')}
    </button>
  );
}
