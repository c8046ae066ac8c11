import { afterEach, describe, expect, it } from 'vitest';
import { bookingFunnel, hashEmail, pushBookingCompleted, pushBookingEvent } from './analytics.ts';

afterEach(() => {
  delete window.dataLayer;
});

describe('booking funnel analytics', () => {
  it('uses the step numbers 0 to 7 with 3.1, 4.1, 4.2 and 4.3', () => {
    expect(Object.values(bookingFunnel).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 3.1, 4, 4.1, 4.2, 4.3, 5, 6, 7,
    ]);
  });

  it('pushes events to window.dataLayer, creating it when missing', () => {
    pushBookingEvent('procedure_type', { procedureTab: 'multiple' });
    expect(window.dataLayer).toEqual([
      {
        event: 'booking_funnel',
        funnelEvent: 'procedure_type',
        funnelStep: 1,
        procedureTab: 'multiple',
      },
    ]);
  });

  it('hashes the e-mail with SHA-256 (trimmed, lowercased)', async () => {
    // printf patient@example.com | sha256sum
    expect(await hashEmail('  Patient@Example.com ')).toBe(
      'aadb1f244eee72906a90778d06423094650dd79b18320d67de9a54c2f608c2d9',
    );
  });

  it('sends the hash and never the e-mail with the completed event', async () => {
    await pushBookingCompleted('patient@example.com', { kind: 'APPOINTMENT', bookingKey: 'k' });
    const [event] = window.dataLayer ?? [];
    expect(event).toMatchObject({
      funnelEvent: 'booking_completed',
      funnelStep: 7,
      patientEmailHash: await hashEmail('patient@example.com'),
    });
    expect(JSON.stringify(window.dataLayer)).not.toContain('patient@example.com');
  });
});
