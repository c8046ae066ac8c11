import {
  bookingKeySchema,
  doctorSearchMinLength,
  doctorSearchResponseSchema,
  errorResponseSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { doctorSearchMaxLength, type ReferrerService } from './referrers.service.ts';

const searchParams = z.object({
  bookingKey: bookingKeySchema,
  text: z.string().trim().min(doctorSearchMinLength).max(doctorSearchMaxLength),
});

/**
 * GET /api/secured/appointments/{bookingKey}/doctor_search/{text} (spec 2 §7): the referrer
 * search of the check-in form, for a signed-in patient of that key. Not audited: it reads the
 * provider's directory of doctors, no patient's data (the referrer chosen is the check-in's).
 */
export function registerReferrerRoutes(app: FastifyInstance, service: ReferrerService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/secured/appointments/:bookingKey/doctor_search/:text',
    {
      schema: {
        summary: `Doctors (referrers) by last or first name ("first last" and "last, first" too), provider number, or practice city or postcode: prefixes first, then similar names; at most 20 rows, one per doctor and practice location. The text is ${doctorSearchMinLength} to ${doctorSearchMaxLength} characters`,
        tags: ['check-in'],
        params: searchParams,
        response: {
          200: doctorSearchResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          500: errorResponseSchema,
        },
      },
      config: { patientScope: 'APPOINTMENT' },
    },
    async (request) => ({ doctors: await service.search(request.params.text) }),
  );
}
