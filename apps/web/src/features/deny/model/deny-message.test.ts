import { describe, expect, it } from 'vitest';
import { closeLink, denyMessage } from './deny-message.ts';

const message = (query: string) => denyMessage(new URLSearchParams(query));
const origin = 'https://portal.example';

describe('denyMessage (docs/product/authentication.md#deny-page)', () => {
  it.each([
    ['status=EXPIRED', 'deny.expired'],
    ['status=EXPIRED_PATIENT', 'deny.expired'],
    ['status=CANCELED', 'deny.canceled'],
    ['status=DECLINED_BY_PATIENT', 'deny.declined_by_patient'],
    ['status=REMOVED_BY_OPERATOR', 'deny.removed_by_operator'],
    ['status=DELETED', 'deny.removed_by_operator'],
    ['status=ON_HOLD', 'deny.waiting_protocol'],
    ['status=SOMETHING_ELSE', 'deny.restricted'],
    ['revoked=true', 'deny.revoked'],
    ['maxAttempts=true', 'deny.max_attempts_reached'],
    ['maxAttempts=true&message=max_attempts_reached_results', 'deny.max_attempts_reached_results'],
    ['maxAttempts=true&message=max_attempts_reached_shared', 'deny.max_attempts_reached_shared'],
    ['maxAttempts=true&message=not_a_known_message', 'deny.max_attempts_reached'],
    ['resultsExpired=true', 'deny.results_expired'],
    ['', 'deny.default'],
    ['revoked=false', 'deny.default'],
  ])('%s shows %s', (query, key) => {
    expect(message(query)).toEqual({ key });
  });

  it('shows customMessage as given text', () => {
    expect(message('customMessage=%3Cb%3EPlease%20call%20us%3C%2Fb%3E')).toEqual({
      text: '<b>Please call us</b>',
    });
  });
});

describe('closeLink', () => {
  it('needs showClose=true and a redirectUrl', () => {
    expect(closeLink(new URLSearchParams('showClose=true&redirectUrl=/'), origin)).toBe('/');
    expect(closeLink(new URLSearchParams('redirectUrl=/'), origin)).toBeNull();
    expect(closeLink(new URLSearchParams('showClose=true'), origin)).toBeNull();
  });

  it('refuses a redirectUrl off this site', () => {
    for (const url of ['https://evil.example', '//evil.example', 'javascript:alert(1)']) {
      const query = new URLSearchParams({ showClose: 'true', redirectUrl: url });
      expect(closeLink(query, origin)).toBeNull();
    }
  });
});
