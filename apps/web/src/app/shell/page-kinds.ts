/**
 * Page groups by first URL segment, exactly as docs/product/shell-and-configuration.md#shell-layout
 * lists them.
 */
export const confirmationSegments = [
  'appointments',
  'booking-requests',
  'unsubscribe',
  'authentication',
  'a',
] as const;
export const homeSegments = ['', 'home', 'booking-requests', 'unsubscribe'] as const;
export const checkInSegments = ['check-in'] as const;

const has = (list: readonly string[], segment: string) => list.includes(segment);

export const isConfirmationPage = (segment: string) => has(confirmationSegments, segment);
export const isHomePage = (segment: string) => has(homeSegments, segment);
export const isCheckInPage = (segment: string) => has(checkInSegments, segment);

export type LogoKind = 'confirmation' | 'check-in' | 'default';

/** Which header image a page shows. */
export function logoKind(firstSegment: string): LogoKind {
  if (isConfirmationPage(firstSegment)) return 'confirmation';
  if (isCheckInPage(firstSegment)) return 'check-in';
  return 'default';
}

export const assetUrl = (name: string) => `/api/assets/application/${name}`;
