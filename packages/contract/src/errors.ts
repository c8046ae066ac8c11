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
    /** Values the code's message interpolates or the client acts on (e.g. priorMinutes). */
    params: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .optional(),
  }),
});

export type ErrorParams = Record<string, string | number | boolean | null>;

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
