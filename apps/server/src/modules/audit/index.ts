/**
 * The audit trail: one writer for every module. Entries are appended in the caller's
 * transaction, so a change and its entry commit together.
 */
export {
  type AuditEvent,
  hasAuditEvent,
  insertAuditEvent,
  type RequestContext,
} from './audit.repository.ts';
export {
  currentKioskDevice,
  type KioskDevice,
  kioskDeviceOf,
  runWithKioskDevice,
} from './kiosk-device.ts';
