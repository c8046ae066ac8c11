import type { SharedAccessRecord } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { browserSummary, shareIsActive } from './share-list.ts';

const share = (overrides: Partial<SharedAccessRecord>): SharedAccessRecord => ({
  id: '5b0a3a52-6f2e-4a55-9a0f-3f4d2b1c9e01',
  contactDetails: 'gp@clinic.example',
  contactDetailsType: 'EMAIL',
  contactName: null,
  note: null,
  type: 'RESULT',
  appointmentId: null,
  dateCreatedUTC: '2031-05-01T00:00:00Z',
  expiresAt: '2031-05-15T00:00:00Z',
  dateRevoked: null,
  accesses: [],
  ...overrides,
});

describe('browserSummary', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome · Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari · iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge · Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox · macOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome · Linux',
    ],
    ['curl/8.5.0', null],
    [null, null],
  ])('%s is %s', (userAgent, summary) => {
    expect(browserSummary(userAgent)).toBe(summary);
  });
});

describe('shareIsActive', () => {
  const now = new Date('2031-05-10T00:00:00Z');
  it('holds until revoked or expired', () => {
    expect(shareIsActive(share({}), now)).toBe(true);
    expect(shareIsActive(share({ dateRevoked: '2031-05-02T00:00:00Z' }), now)).toBe(false);
    expect(shareIsActive(share({ expiresAt: '2031-05-09T23:59:59Z' }), now)).toBe(false);
  });
});
