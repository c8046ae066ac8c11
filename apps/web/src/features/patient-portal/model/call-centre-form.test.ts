import { describe, expect, it } from 'vitest';
import {
  callbackErrors,
  hasCallbackErrors,
  messageErrors,
  refusalKey,
} from './call-centre-form.ts';

describe('call-centre form rules', () => {
  it('asks for a topic and a message within the length', () => {
    expect(messageErrors({ topic: '', message: ' ' }, 10)).toEqual({
      topic: 'call_centre.error.topic_required',
      message: 'call_centre.error.message_required',
    });
    expect(messageErrors({ topic: 'OTHER', message: 'x'.repeat(11) }, 10).message).toBe(
      'call_centre.error.message_too_long',
    );
    expect(messageErrors({ topic: 'OTHER', message: 'Hello' }, 10)).toEqual({});
  });

  it('checks the phone as the contract does and each window', () => {
    const errors = callbackErrors({
      phone: '(02) 9876-5432',
      windows: [
        { date: '2026-03-04', from: '10:00', to: '11:00' },
        { date: '', from: '10:00', to: '11:00' },
        { date: '2026-03-04', from: '11:00', to: '10:00' },
      ],
      reason: '',
    });
    expect(errors.phone).toBeUndefined();
    expect(errors.windows).toEqual([
      undefined,
      'call_centre.error.date_required',
      'call_centre.error.time_order',
    ]);
    expect(hasCallbackErrors(errors)).toBe(true);
    expect(callbackErrors({ phone: 'call me', windows: [], reason: '' }).phone).toBe(
      'call_centre.error.phone_invalid',
    );
  });

  it('words the server refusals', () => {
    expect(refusalKey('CALL_CENTRE_DAILY_LIMIT_REACHED')).toBe('call_centre.error.limit_reached');
    expect(refusalKey('CALLBACK_WINDOW_OUTSIDE_OPENING_HOURS')).toBe(
      'call_centre.error.outside_hours',
    );
    expect(refusalKey(null)).toBe('call_centre.error.failed');
  });
});
