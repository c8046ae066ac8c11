import type { AppointmentResult, SharedAccessRecord } from '@portal/contract';

/**
 * How the list of shared access reads (spec 2 §3 shared access record): its times in the
 * patient's own zone, what each share covers, and the browser behind each access in a few words.
 */

/** A moment in the patient's own time zone and language: "26 Nov 2026, 4:05 pm". */
export function formatLocalDateTime(instant: string, locale: string | undefined): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(instant),
  );
}

/** Whether a share still opens: not revoked and not expired at `now`. */
export function shareIsActive(share: SharedAccessRecord, now: Date): boolean {
  return share.dateRevoked === null && new Date(share.expiresAt).getTime() > now.getTime();
}

const browsers: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Headless)?(?:Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const systems: Array<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A user agent in the words a patient knows ("Chrome on Android"), or null when it names no
 * browser or system we know (the page then says "unknown browser"). Names of products, not
 * translated.
 */
export function browserSummary(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? null;
}

/** What a share covers, for its line in the list: the exam of a RESULT share, if it is known. */
export function sharedExamName(
  share: SharedAccessRecord,
  results: readonly AppointmentResult[],
): string | null {
  if (share.type !== 'RESULT' || !share.appointmentId) return null;
  return results.find((result) => result.appointmentId === share.appointmentId)?.exam.name ?? null;
}
