import { describe, expect, it } from 'vitest';
import { kioskStartPath } from './use-end-kiosk-session.ts';

describe('kioskStartPath', () => {
  it('is /kiosk?kioskMode=true, inside the iframe shell when embedded', () => {
    expect(kioskStartPath('/booking')).toBe('/kiosk?kioskMode=true');
    expect(kioskStartPath('/')).toBe('/kiosk?kioskMode=true');
    expect(kioskStartPath('/iframe/booking')).toBe('/iframe/kiosk?kioskMode=true');
  });
});
