/**
 * Check-in from home (docs/product/check-in.md#the-web): the appointment card's Check in action,
 * its form and processing modals (loaded on first press), and the QR code's link to it.
 */
export { CheckInAction, type CheckInActionProps } from './components/check-in-action.tsx';
export { CheckInQrCodes } from './components/check-in-qr-codes.tsx';
export { checkInLink, checkInParam } from './model/check-in-link.ts';
