import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkInLink } from '../model/check-in-link.ts';
import styles from './check-in.module.css';

/**
 * The booking confirmation's QR code for one appointment (docs/product/check-in.md#the-web): it
 * opens that appointment's check-in on the patient's phone (the usual sign-in still applies, the
 * code carries only the booking key). The link is there as text too, for those who cannot scan.
 * Loaded on demand (`qrcode` is its own chunk).
 */
export function CheckInQrCode({
  bookingKey,
  appointmentId,
  examName,
}: {
  bookingKey: string;
  appointmentId: string;
  examName: string;
}) {
  const { t } = useTranslation();
  const url = new URL(checkInLink(bookingKey, appointmentId), window.location.origin).href;
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 176 }).then(
      (data) => current && setImage(data),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [url]);
  return (
    <figure className={styles.qr}>
      {image ? (
        <img
          src={image}
          width={176}
          height={176}
          alt={t('check_in.qr_label', { exam: examName })}
        />
      ) : (
        <div className={styles.qrPlaceholder} />
      )}
      <figcaption>
        <a href={url}>{t('check_in.qr_link', { exam: examName })}</a>
      </figcaption>
    </figure>
  );
}
