import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import {
  cancelErrorRefusal,
  cancelRefusal,
  directionsUrl,
  mayOpenCancel,
  periodOf,
  rescheduleRefusal,
  telHref,
} from './manage-rules.ts';

describe('manage rules', () => {
  it('writes a window in days, hours or minutes, whichever reads naturally', () => {
    expect(periodOf(20160)).toEqual({ key: 'days', count: 14 });
    expect(periodOf(2880)).toEqual({ key: 'days', count: 2 });
    expect(periodOf(1440)).toEqual({ key: 'hours', count: 24 });
    expect(periodOf(2160)).toEqual({ key: 'hours', count: 36 });
    expect(periodOf(120)).toEqual({ key: 'hours', count: 2 });
    expect(periodOf(90)).toEqual({ key: 'minutes', count: 90 });
    expect(periodOf(60)).toEqual({ key: 'minutes', count: 60 });
  });

  it('opens the cancel modal when allowed or enquire-only, else explains', () => {
    const status = (reason: 'PRIOR_MINUTES' | 'ENQUIRE_ONLY' | 'APPOINTMENT_CANCELLED' | null) => ({
      canChange: reason === null,
      reason,
      priorMinutes: 1440,
    });
    expect(mayOpenCancel(status(null))).toBe(true);
    expect(mayOpenCancel(status('ENQUIRE_ONLY'))).toBe(true);
    expect(mayOpenCancel(status('PRIOR_MINUTES'))).toBe(false);
    expect(cancelRefusal(status('PRIOR_MINUTES'))).toMatchObject({
      message: 'message.cancel_prior_minutes',
      priorMinutes: 1440,
    });
    expect(cancelRefusal(status('APPOINTMENT_CANCELLED')).message).toBe(
      'message.cancel_not_allowed',
    );
    expect(rescheduleRefusal(status('ENQUIRE_ONLY'))).toEqual({
      title: 'message.reschedule_not_allowed',
      message: 'message.reschedule_not_allowed_message',
    });
  });

  it("maps the cancel call's refusals to their messages, and nothing else", () => {
    const conflict = (code: string) => new ApiError(409, code, code);
    expect(cancelErrorRefusal(conflict('message.cancel_prior_minutes'), 60)).toMatchObject({
      message: 'message.cancel_prior_minutes',
      priorMinutes: 60,
    });
    expect(cancelErrorRefusal(conflict('APPOINTMENT_NOT_ACTIVE'), 60)?.message).toBe(
      'message.cancel_not_allowed',
    );
    expect(cancelErrorRefusal(new ApiError(500, 'INTERNAL_ERROR', 'x'), 60)).toBeNull();
    expect(cancelErrorRefusal(new TypeError('offline'), 60)).toBeNull();
  });

  it('links directions and the phone only when the clinic has them', () => {
    expect(directionsUrl({ latitude: -33.8688, longitude: 151.2093 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=-33.8688%2C151.2093',
    );
    expect(directionsUrl({ latitude: null, longitude: 151.2 })).toBeNull();
    expect(telHref('+61 (2) 9000-1234')).toBe('tel:+61290001234');
    expect(telHref('1300 000 000')).toBe('tel:1300000000');
  });
});
