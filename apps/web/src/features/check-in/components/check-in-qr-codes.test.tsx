import { render, screen } from '@testing-library/react';
import { toDataURL } from 'qrcode';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../../testing/render-app.tsx';
import { CheckInQrCodes } from './check-in-qr-codes.tsx';

const key = 'b'.repeat(32);
const appointmentId = '0b8e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f01';

describe('check-in QR codes on the booking confirmation', () => {
  it('draws one code per booked appointment, made from exactly its check-in link, with the link as text', async () => {
    render(
      <I18nextProvider i18n={testI18n()}>
        <CheckInQrCodes
          bookingKey={key}
          appointments={[{ appointmentId, examName: 'CT head' }, { examName: 'Not booked' }]}
        />
      </I18nextProvider>,
    );
    const url = `${window.location.origin}/appointments/${key}?checkIn=${appointmentId}`;
    const image = await screen.findByRole('img', { name: 'QR code: check in for CT head' });
    expect(image.getAttribute('src')).toBe(
      await toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 176 }),
    );
    expect(screen.getByRole('link', { name: 'Open check-in for CT head' })).toHaveAttribute(
      'href',
      url,
    );
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });
});
