import { z } from 'zod';
import { instantSchema } from './availability.ts';

/** GET /api/dev/outbox: a message the development outbox kept (only without real delivery). */
export const devOutboxMessageSchema = z.object({
  id: z.uuid(),
  /** WEBHOOK: an event for the provider's systems (a check-in), its JSON payload as bodyText. */
  channel: z.enum(['EMAIL', 'SMS', 'WEBHOOK']),
  template: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  bodyText: z.string(),
  bodyHtml: z.string().nullable(),
  status: z.enum(['PENDING', 'SENT', 'FAILED']),
  attempts: z.number().int(),
  createdAt: instantSchema,
  sentAt: instantSchema.nullable(),
});
export const devOutboxQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const devOutboxResponseSchema = z.array(devOutboxMessageSchema);

export type DevOutboxMessage = z.infer<typeof devOutboxMessageSchema>;
