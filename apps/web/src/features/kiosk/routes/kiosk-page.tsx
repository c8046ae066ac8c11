import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Page } from '../../../components/ui/page.tsx';
import { usePreservedLink } from '../../../lib/shell-mode.ts';
import styles from '../components/kiosk.module.css';
import { KioskIdentityModal } from '../components/kiosk-identity-modal.tsx';
import {
  type KioskIdentity,
  readKioskIdentity,
  saveKioskIdentity,
} from '../model/kiosk-identity.ts';

/**
 * The kiosk start screen (docs/product/kiosk.md#the-kiosk-page): what a patient sees on the
 * clinic's tablet, with one large choice per action: booking and check-in
 * (docs/product/kiosk.md#check-in), both in kiosk mode. The URL keeps kioskMode=true, step and
 * process.
 */
export function KioskPage() {
  const { t } = useTranslation();
  const link = usePreservedLink();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [identity, setIdentity] = useState<KioskIdentity | null>(readKioskIdentity);
  const [naming, setNaming] = useState(identity === null);

  // Browsers cap a cookie's life (Chromium: 400 days) below the spec's 2030-12-31; writing the
  // identity again on each visit keeps a kiosk in daily use named.
  useEffect(() => {
    const current = readKioskIdentity();
    if (current) saveKioskIdentity(current.name);
  }, []);

  // The kiosk entry always runs in kiosk mode (idle watching, no admin or footer links).
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (params.has('kioskMode')) return;
    params.set('kioskMode', 'true');
    void navigate({ search: `?${params}` }, { replace: true });
  }, [search, navigate]);

  return (
    <Page title={t('page.kiosk.title')} lead={t('kiosk.lead')}>
      <ul className={styles.choices}>
        <li>
          <Link to={link('/?kioskMode=true')} className={styles.choice}>
            <span className={styles.choiceTitle}>{t('kiosk.book')}</span>
            <span className={styles.choiceHint}>{t('kiosk.book_hint')}</span>
          </Link>
        </li>
        <li>
          <Link to={link('/check-in?kioskMode=true')} className={styles.choice}>
            <span className={styles.choiceTitle}>{t('kiosk.check_in')}</span>
            <span className={styles.choiceHint}>{t('kiosk.check_in_hint')}</span>
          </Link>
        </li>
      </ul>

      {identity ? (
        <p className={styles.device}>
          <span>{t('kiosk.device_name', { name: identity.name })}</span>
          <Button className={styles.smallButton} onPress={() => setNaming(true)}>
            {t('kiosk.change_device_name')}
          </Button>
        </p>
      ) : null}

      <KioskIdentityModal
        isOpen={naming}
        current={identity}
        onSaved={(saved) => {
          setIdentity(saved);
          setNaming(false);
        }}
        onCancel={() => setNaming(false)}
      />
    </Page>
  );
}
