import { describe, expect, it } from 'vitest';
import { authenticationUrl, patientPageTarget } from './patient-access.ts';

describe('patientPageTarget', () => {
  it.each([
    ['/appointments/k1', { bookingKey: 'k1', type: 'APPOINTMENT' }],
    ['/a/k1', { bookingKey: 'k1', type: 'APPOINTMENT' }],
    ['/appointments/pending/k1', { bookingKey: 'k1', type: 'APPOINTMENT' }],
    ['/appointments/k1/kiosk', { bookingKey: 'k1', type: 'APPOINTMENT' }],
    ['/appointments/k1/result', { bookingKey: 'k1', type: 'APPOINTMENT_RESULTS' }],
    ['/appointments/k1/result/patient', { bookingKey: 'k1', type: 'PATIENT_PORTAL' }],
    ['/booking-requests/k2', { bookingKey: 'k2', type: 'BOOKING_REQUEST' }],
    ['/iframe/br/k2', { bookingKey: 'k2', type: 'BOOKING_REQUEST' }],
  ])('%s is %j', (path, target) => {
    expect(patientPageTarget(path)).toEqual(target);
  });

  it.each(['/', '/booking', '/appointments', '/about/x'])('%s is no patient page', (path) => {
    expect(patientPageTarget(path)).toBeNull();
  });
});

describe('authenticationUrl', () => {
  it('carries returnUrl, bookingKey and type', () => {
    const url = new URL(
      authenticationUrl('/appointments/k1?kioskMode=true', {
        bookingKey: 'k1',
        type: 'APPOINTMENT',
      }),
      'https://portal.example',
    );
    expect(url.pathname).toBe('/authentication');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      returnUrl: '/appointments/k1?kioskMode=true',
      bookingKey: 'k1',
      type: 'APPOINTMENT',
    });
  });

  it('stays in the iframe shell and flags booking requests', () => {
    const url = authenticationUrl('/iframe/br/k2', { bookingKey: 'k2', type: 'BOOKING_REQUEST' });
    expect(url.startsWith('/iframe/authentication?')).toBe(true);
    expect(url).toContain('isBookingRequest=true');
  });

  it('marks a shared results link, whether the page or only its address says so', () => {
    const params = (url: string) =>
      Object.fromEntries(new URL(url, 'https://p.example').searchParams);
    expect(
      params(
        authenticationUrl(
          '/appointments/t1/result?shared=true',
          patientPageTarget('/appointments/t1/result') ?? {
            bookingKey: 't1',
            type: 'APPOINTMENT_RESULTS',
          },
        ),
      ),
    ).toEqual({
      returnUrl: '/appointments/t1/result?shared=true',
      bookingKey: 't1',
      type: 'APPOINTMENT_RESULTS',
      shared: 'true',
    });
    expect(
      params(
        authenticationUrl('/appointments/t1/result', {
          bookingKey: 't1',
          type: 'APPOINTMENT_RESULTS',
          shared: true,
        }),
      ).shared,
    ).toBe('true');
    expect(
      params(
        authenticationUrl('/appointments/k1/result', {
          bookingKey: 'k1',
          type: 'APPOINTMENT_RESULTS',
        }),
      ).shared,
    ).toBeUndefined();
  });
});
