import type {
  AuthenticationResponse,
  DevOutboxMessage,
  OtpValidateResponse,
} from '@portal/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { getJson } from './portal-api.ts';

/**
 * The image viewer's e2e helpers (e2e/tests/image-viewer.spec.ts): the demo patient's sign-in
 * to their results, and a shown frame's pixels read back from the page.
 */

/** The demo's results key and patient (apps/server/src/db/seed/demo-results.ts). */
export const resultsKey = 'demo-results-key-0000000000000001';
const patient = { email: 'jordan.sample@example.org', dateOfBirth: '1975-08-21' };

/** Signs the demo patient in to their results through the API, as the browser does. */
export async function resultsCookie(portalUrl: string): Promise<{ name: string; value: string }> {
  const post = async <T>(path: string, body: unknown, cookie?: string) => {
    const response = await fetch(`${portalUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const value = /portal_session=([^;]*)/.exec(response.headers.getSetCookie().join('; '))?.[1];
    return { body: (await response.json()) as T, value };
  };
  const type = 'APPOINTMENT_RESULTS';
  const otpMessages = async () =>
    (await getJson<DevOutboxMessage[]>(portalUrl, '/api/dev/outbox?limit=200')).filter(
      (message) => message.template === 'ACCESS_OTP' && message.recipient === patient.email,
    );
  const earlier = await otpMessages();
  const before = new Set(earlier.map((message) => message.id));
  // The key gets one code per otpSecondsBetweenRequests (5 s in the demo config): a sign-in
  // sooner than that after the last test's gets none, so wait out the pause first.
  const lastSent = Math.max(0, ...earlier.map((message) => Date.parse(message.createdAt)));
  const pauseLeft = lastSent + 6_000 - Date.now();
  if (pauseLeft > 0) await new Promise((resolve) => setTimeout(resolve, pauseLeft));
  const first = await post<AuthenticationResponse>('/api/authentication', {
    bookingKey: resultsKey,
    dateOfBirth: patient.dateOfBirth,
    authenticationType: type,
  });
  expect(first.body.success, JSON.stringify(first.body)).toBe(true);
  let value = first.value ?? '';
  if (first.body.otpRequired) {
    // This sign-in's code, not the one an earlier test's sign-in was sent.
    let otp = '';
    await expect
      .poll(
        async () => {
          const fresh = (await otpMessages()).find((message) => !before.has(message.id));
          otp = (fresh && /\b(\d{6})\b/.exec(fresh.bodyText)?.[1]) ?? '';
          return otp;
        },
        { timeout: 15_000 },
      )
      .toMatch(/^\d{6}$/);
    const validated = await post<OtpValidateResponse>(
      '/api/authentication/otp/validate',
      { otp, bookingKey: resultsKey, authenticationType: type },
      `portal_session=${value}`,
    );
    expect(validated.body.success).toBe(true);
    value = validated.value ?? value;
  }
  return { name: 'portal_session', value };
}

/** The displayed frame's pixels, drawn into a canvas: their spread, bright share and mean. */
export const framePixels = (page: Page, name: string) =>
  page.getByRole('img', { name }).evaluate((element) => {
    const img = element as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0) return { width: 0, spread: 0, bright: 0, mean: 0 };
    context.drawImage(img, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let min = 255;
    let max = 0;
    let bright = 0;
    let sum = 0;
    for (let index = 0; index < data.length; index += 4) {
      const value = data[index] ?? 0;
      min = Math.min(min, value);
      max = Math.max(max, value);
      sum += value;
      if (value > 128) bright += 1;
    }
    const count = data.length / 4;
    return { width: canvas.width, spread: max - min, bright: bright / count, mean: sum / count };
  });
