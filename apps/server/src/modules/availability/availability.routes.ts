import {
  clinicSlotsQuerySchema,
  clinicSlotsResponseSchema,
  errorResponseSchema,
  nextAvailableSlotRequestSchema,
  nextAvailableSlotResponseSchema,
  slugSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AvailabilityService } from './availability.service.ts';

/**
 * The slot routes answer with JSON.stringify instead of zod's serializer: the
 * service builds these values from the contract's types, and re-validating
 * every slot on the way out was about a tenth of a slot search's CPU in the
 * benchmark profile. The schemas still document the routes, and the
 * integration tests parse every answer with them. A repeated search is
 * answered with the very object given before (the service's answer cache),
 * so its text is kept with it rather than written out again.
 */
const serialized = new WeakMap<object, string>();
const plainJson = () => (data: unknown) => {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data);
  let text = serialized.get(data);
  if (text === undefined) {
    text = JSON.stringify(data);
    serialized.set(data, text);
  }
  return text;
};

export function registerAvailabilityRoutes(app: FastifyInstance, service: AvailabilityService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const errors = {
    400: errorResponseSchema,
    404: errorResponseSchema,
    429: errorResponseSchema,
    500: errorResponseSchema,
  };

  routes.get(
    '/api/clinics/:clinicSlug/slots',
    {
      schema: {
        summary: "A clinic's slots for an exam over clinic-local days (at most 62)",
        tags: ['availability'],
        params: z.object({ clinicSlug: slugSchema }),
        querystring: clinicSlotsQuerySchema,
        response: { 200: clinicSlotsResponseSchema, ...errors },
      },
      serializerCompiler: plainJson,
    },
    async (request) => service.clinicSlots(request.params.clinicSlug, request.query),
  );

  routes.post(
    '/api/slots/next-available',
    {
      schema: {
        summary: 'The earliest slot per clinic for an exam, nearest clinic first',
        tags: ['availability'],
        body: nextAvailableSlotRequestSchema,
        response: { 200: nextAvailableSlotResponseSchema, ...errors },
      },
      serializerCompiler: plainJson,
    },
    async (request) => service.nextAvailable(request.body),
  );
}
