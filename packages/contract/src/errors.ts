import { z } from 'zod';

/** One field that failed validation; `path` is dot-separated (`patientDetails.email`). */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});

/**
 * Every error the API returns has this body (docs/product/README.md#api-conventions). `code` is a
 * translation key where the spec names one (e.g. `message.authentication_error`),
 * otherwise an UPPER_SNAKE code the web app maps to a key.
 */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    fields: z.array(fieldErrorSchema).optional(),
  }),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

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
} as const;
