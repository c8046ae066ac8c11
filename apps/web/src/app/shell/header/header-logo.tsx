import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRadiologyConfig } from '../../../lib/config.tsx';
import { tabletQuery } from '../../../lib/media-query.ts';
import { usePreservedLink, useShellMode } from '../../../lib/shell-mode.ts';
import { assetUrl, logoKind } from '../page-kinds.ts';
import styles from './header.module.css';

/**
 * The header logo (docs/product/shell-and-configuration.md#shell-layout): confirmation pages show
 * the confirmation header (linking to confirmationHeaderUrl when set), check-in pages the check-in
 * header, every other page the default header, swapped for the tablet image at tablet widths.
 */
export function HeaderLogo() {
  const { t } = useTranslation();
  const radiology = useRadiologyConfig();
  const mode = useShellMode();
  const link = usePreservedLink();
  const kind = logoKind(mode.firstSegment);
  const alt = t('header.logo_alt', { name: radiology.name });

  const image =
    kind === 'confirmation' ? (
      <img className={styles.logoImage} src={assetUrl('confirmation_header')} alt={alt} />
    ) : kind === 'check-in' ? (
      <img className={styles.logoImage} src={assetUrl('check_in_header')} alt={alt} />
    ) : (
      <picture>
        <source media={tabletQuery} srcSet={assetUrl('header_tablet')} />
        <img className={styles.logoImage} src={assetUrl('header')} alt={alt} />
      </picture>
    );

  if (kind === 'confirmation' && radiology.confirmationHeaderUrl) {
    return (
      <a className={styles.logo} href={radiology.confirmationHeaderUrl}>
        {image}
      </a>
    );
  }
  const target = mode.kioskMode ? '/kiosk' : mode.advancedBooking ? '/advanced-booking' : '/';
  return (
    <Link className={styles.logo} to={link(target)}>
      {image}
    </Link>
  );
}
