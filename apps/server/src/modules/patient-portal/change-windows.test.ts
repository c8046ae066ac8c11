import { describe, expect, it } from 'vitest';
import { assertMayCancel, assertMayMove, changeStatus } from './change-windows.ts';

const settings = {
  cancelPriorMinutes: 1440,
  reschedulePriorMinutes: 720,
  priorMinutesByModality: { mri: { cancel: 2880 } },
  rescheduleWalkInAllowed: false,
  enquireOnlyModalities: ['interventional'],
};
const startsAt = new Date('2026-10-05T09:00:00+11:00');
const subject = (
  overrides: Partial<{ status: string; modalitySlug: string; walkIn: boolean }> = {},
) => ({
  status: overrides.status ?? 'BOOKED',
  startsAt,
  exam: { modalitySlug: overrides.modalitySlug ?? 'ct', walkIn: overrides.walkIn ?? false },
});
const minutesBefore = (minutes: number) => new Date(startsAt.getTime() - minutes * 60_000);

describe('change windows', () => {
  it('allows a change exactly at the window and refuses a minute later', () => {
    expect(changeStatus(settings, subject(), 'CANCEL', minutesBefore(1440))).toEqual({
      canChange: true,
      reason: null,
      priorMinutes: 1440,
    });
    expect(changeStatus(settings, subject(), 'CANCEL', minutesBefore(1439))).toEqual({
      canChange: false,
      reason: 'PRIOR_MINUTES',
      priorMinutes: 1440,
    });
  });

  it('counts real time across a daylight-saving change (Sydney, 4 October 2026)', () => {
    // Clocks went forward at 2:00 am on 4 October, so 24 hours before 9:00 am that day is
    // 8:00 am (+10:00) on the 3rd by the clinic's clock, not 9:00 am.
    const afterChange = { ...subject(), startsAt: new Date('2026-10-04T09:00:00+11:00') };
    const edge = new Date('2026-10-03T08:00:00+10:00');
    expect(changeStatus(settings, afterChange, 'CANCEL', edge).canChange).toBe(true);
    const minuteLater = new Date(edge.getTime() + 60_000);
    expect(changeStatus(settings, afterChange, 'CANCEL', minuteLater).reason).toBe('PRIOR_MINUTES');
  });

  it('uses the modality override for the change it names, and the defaults otherwise', () => {
    const mri = subject({ modalitySlug: 'mri' });
    expect(changeStatus(settings, mri, 'CANCEL', minutesBefore(2000))).toMatchObject({
      canChange: false,
      priorMinutes: 2880,
    });
    expect(changeStatus(settings, mri, 'RESCHEDULE', minutesBefore(2000))).toMatchObject({
      canChange: true,
      priorMinutes: 720,
    });
  });

  it('says APPOINTMENT_CANCELLED for ended appointments and ENQUIRE_ONLY for clinic-run modalities', () => {
    for (const status of ['CANCELED', 'RESCHEDULED', 'CHANGED', 'COMPLETED']) {
      expect(
        changeStatus(settings, subject({ status }), 'CANCEL', minutesBefore(5000)).reason,
      ).toBe('APPOINTMENT_CANCELLED');
    }
    const enquire = subject({ modalitySlug: 'interventional' });
    expect(changeStatus(settings, enquire, 'CANCEL', minutesBefore(5000)).reason).toBe(
      'ENQUIRE_ONLY',
    );
    expect(() => assertMayCancel(settings, enquire, minutesBefore(5000))).not.toThrow();
  });

  it('refuses with the specification message keys', () => {
    expect(() => assertMayCancel(settings, subject(), minutesBefore(10))).toThrow(
      expect.objectContaining({ code: 'message.cancel_prior_minutes', statusCode: 409 }),
    );
    expect(() =>
      assertMayCancel(settings, subject({ status: 'CANCELED' }), minutesBefore(5000)),
    ).toThrow(expect.objectContaining({ code: 'message.cancel_not_allowed' }));
    expect(() =>
      assertMayMove(settings, subject({ walkIn: true }), 'RESCHEDULE', minutesBefore(5000)),
    ).toThrow(expect.objectContaining({ code: 'message.reschedule_with_walk_in_not_allowed' }));
    expect(() => assertMayMove(settings, subject(), 'RESCHEDULE', minutesBefore(10))).toThrow(
      expect.objectContaining({ code: 'message.reschedule_prior_minutes' }),
    );
    expect(() =>
      assertMayMove(
        settings,
        subject({ modalitySlug: 'interventional' }),
        'CHANGE',
        minutesBefore(5000),
      ),
    ).toThrow(expect.objectContaining({ code: 'message.reschedule_not_allowed' }));
  });
});
