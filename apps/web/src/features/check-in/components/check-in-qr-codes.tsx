import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

const CheckInQrCode = lazy(async () => ({
  default: (await import('./check-in-qr-code.tsx')).CheckInQrCode,
}));

/** The booking confirmation's check-in QR codes: one per booked appointment with its id. */
export function CheckInQrCodes({
  bookingKey,
  appointments,
}: {
  bookingKey: string;
  appointments: { appointmentId?: string | undefined; examName: string }[];
}) {
  const { t } = useTranslation();
  const booked = appointments.filter((item): item is { appointmentId: string; examName: string } =>
    Boolean(item.appointmentId),
  );
  if (booked.length === 0) return null;
  return (
    <section aria-labelledby="check-in-qr-title">
      <h2 id="check-in-qr-title">{t('check_in.qr_title')}</h2>
      {booked.map((item) => (
        <div key={item.appointmentId}>
          <p>{t('check_in.qr_text', { exam: item.examName })}</p>
          <Suspense fallback={null}>
            <CheckInQrCode
              bookingKey={bookingKey}
              appointmentId={item.appointmentId}
              examName={item.examName}
            />
          </Suspense>
        </div>
      ))}
    </section>
  );
}
