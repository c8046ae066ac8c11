// The API's general error codes, apart from errors.ts's zod schemas (as the other *-codes.ts
// files are): a web page that only compares a code must not pull zod into its chunks (the read-
// only refusal did: 25 KB gzip on the appointment pages, docs/benchmarks.md).

/** READ_ONLY=true refuses the write (503 with Retry-After; docs/decisions/036-read-only-mode.md). */
export const readOnlyErrorCode = 'READ_ONLY';

export const errorCodes = {
  validation: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
  readOnly: readOnlyErrorCode,
  /** A write sent by another site's page (Sec-Fetch-Site; plugins/cross-site-writes.ts). */
  crossSiteRequest: 'CROSS_SITE_REQUEST',
} as const;
