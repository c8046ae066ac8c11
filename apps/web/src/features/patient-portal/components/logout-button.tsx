import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logoutPatient, patientQueryKey } from '../../../lib/patient-access.ts';
import { usePreservedLink } from '../../../lib/shell-mode.ts';
import styles from './patient-portal.module.css';

/** Ends the patient session (server and cached data), then goes home. */
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
    queryClient.removeQueries({ queryKey: patientQueryKey });
    navigate(link('/'), { replace: true });
  };

  return (
    <button type="button" className={styles.secondaryButton} onClick={logout} disabled={busy}>
      {t('action.logout')}
    </button>
  );
}
