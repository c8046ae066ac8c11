import { describe, expect, it } from 'vitest';
import {
  authenticationTarget,
  authenticationTexts,
  detectType,
  isSameOriginPath,
  maxAttemptsDenyUrl,
  missingParameters,
  readAuthenticationParams,
} from './authentication-params.ts';

const origin = 'https://portal.example';

describe('detectType (docs/product/authentication.md#sign-in-types)', () => {
  it('detects PATIENT_PORTAL from a returnUrl containing "patient", whatever the type says', () => {
    expect(detectType('APPOINTMENT', '/appointments/k/result/patient', false)).toBe(
      'PATIENT_PORTAL',
    );
  });

  it('takes a known type from the query', () => {
    expect(detectType('APPOINTMENT_RESULTS', '/appointments/k/result', false)).toBe(
      'APPOINTMENT_RESULTS',
    );
  });

  it('reads isBookingRequest when the type is absent, and nothing from an unknown type', () => {
    expect(detectType(null, '/booking-requests/k', true)).toBe('BOOKING_REQUEST');
    expect(detectType('ADMIN', '/appointments/k', false)).toBeNull();
  });
});

describe('readAuthenticationParams', () => {
  it('reads every parameter of the route table', () => {
    const params = readAuthenticationParams(
      new URLSearchParams(
        'returnUrl=/appointments/abc&bookingKey=abc&shared=true&dateOfBirth=1984-03-09&type=APPOINTMENT&staffBooking=true',
      ),
    );
    expect(params).toEqual({
      returnUrl: '/appointments/abc',
      bookingKey: 'abc',
      shared: true,
      isBookingRequest: false,
      dateOfBirth: '1984-03-09',
      type: 'APPOINTMENT',
      staffBooking: true,
    });
    expect(missingParameters(params)).toEqual([]);
  });

  it('names what is missing (the console-warning case)', () => {
    const params = readAuthenticationParams(new URLSearchParams('bookingKey=abc'));
    expect(missingParameters(params)).toEqual(['returnUrl', 'type']);
  });
});

describe('authenticationTarget', () => {
  it('goes to the returnUrl', () => {
    expect(authenticationTarget('/appointments/abc?kioskMode=true', false, origin)).toBe(
      '/appointments/abc?kioskMode=true',
    );
  });

  it('appends ?shared=true for a shared link whose returnUrl has no query', () => {
    expect(authenticationTarget('/appointments/abc/result', true, origin)).toBe(
      '/appointments/abc/result?shared=true',
    );
    expect(authenticationTarget('/appointments/abc/result?x=1', true, origin)).toBe(
      '/appointments/abc/result?x=1',
    );
  });

  it.each([
    'https://evil.example/appointments/abc',
    '//evil.example/appointments',
    '/\\evil.example',
    'javascript:alert(1)',
    'appointments/abc',
  ])('refuses the off-site returnUrl %s', (url) => {
    expect(authenticationTarget(url, false, origin)).toBeNull();
    expect(isSameOriginPath(url, origin)).toBe(false);
  });
});

describe('maxAttemptsDenyUrl', () => {
  it('uses the results message when the URL concerns results', () => {
    expect(maxAttemptsDenyUrl(['/appointments/k/result', '/authentication'], false)).toBe(
      '/deny?maxAttempts=true&message=max_attempts_reached_results',
    );
  });

  it('uses the shared message on a shared link, which is a results page too (issue 15)', () => {
    expect(
      maxAttemptsDenyUrl(['/appointments/t/result?shared=true', '/authentication'], true),
    ).toBe('/deny?maxAttempts=true&message=max_attempts_reached_shared');
  });

  it('uses the shared message in shared mode, else none', () => {
    expect(maxAttemptsDenyUrl(['/appointments/k'], true)).toBe(
      '/deny?maxAttempts=true&message=max_attempts_reached_shared',
    );
    expect(maxAttemptsDenyUrl(['/appointments/k'], false)).toBe('/deny?maxAttempts=true');
  });
});

describe('authenticationTexts', () => {
  it('has only the general title without a type', () => {
    expect(authenticationTexts({ type: null, shared: false, staffBooking: false })).toEqual({
      title: 'page.authentication.title',
      body: null,
    });
  });

  it('varies by type, shared link and staff booking (staff wins)', () => {
    expect(
      authenticationTexts({ type: 'BOOKING_REQUEST', shared: false, staffBooking: false }),
    ).toEqual({
      title: 'authentication.booking_request.title',
      body: 'authentication.booking_request.body',
    });
    expect(
      authenticationTexts({ type: 'APPOINTMENT_RESULTS', shared: true, staffBooking: false }).body,
    ).toBe('authentication.appointment_results.body_shared');
    expect(
      authenticationTexts({ type: 'PATIENT_PORTAL', shared: true, staffBooking: true }).body,
    ).toBe('authentication.patient_portal.body_staff');
  });
});
