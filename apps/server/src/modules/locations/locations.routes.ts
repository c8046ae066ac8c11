import {
  clinicListQuerySchema,
  clinicListResponseSchema,
  errorResponseSchema,
  mobileLocationSchema,
  postalCodeFromLocationQuerySchema,
  postalCodeLocationSchema,
  postalCodeSearchQuerySchema,
  regionSchema,
  slugSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LocationsService } from './locations.service.ts';

const cacheable = 'public, max-age=60';

export function registerLocationsRoutes(app: FastifyInstance, service: LocationsService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const errors = {
    400: errorResponseSchema,
    404: errorResponseSchema,
    429: errorResponseSchema,
    500: errorResponseSchema,
  };
  const tags = ['locations'];

  routes.get(
    '/api/regions',
    {
      schema: {
        summary: 'Regions with their map centres',
        tags,
        response: { 200: z.array(regionSchema), ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', cacheable);
      return service.regions();
    },
  );

  routes.get(
    '/api/clinics',
    {
      schema: {
        summary: 'Clinics performing the exams, nearest first when a location is given',
        tags,
        querystring: clinicListQuerySchema,
        response: { 200: clinicListResponseSchema, ...errors },
      },
    },
    async (request) => service.clinics(request.query),
  );

  routes.get(
    '/api/postal-codes',
    {
      schema: {
        summary: 'Postal code locations whose code or suburb starts with q',
        tags,
        querystring: postalCodeSearchQuerySchema,
        response: { 200: z.array(postalCodeLocationSchema), ...errors },
      },
    },
    async (request) => service.searchPostalCodes(request.query.q),
  );

  routes.get(
    '/api/postal-codes/nearest',
    {
      schema: {
        summary: 'The postal code location nearest a point',
        tags,
        querystring: postalCodeFromLocationQuerySchema,
        response: { 200: postalCodeLocationSchema, ...errors },
      },
    },
    async (request) => service.nearestPostalCode(request.query),
  );

  routes.get(
    '/api/postal-codes/:id',
    {
      schema: {
        summary: 'One postal code location (the fallback record has id 1)',
        tags,
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: postalCodeLocationSchema, ...errors },
      },
    },
    async (request) => service.postalCode(request.params.id),
  );

  routes.get(
    '/api/mobile-locations',
    {
      schema: {
        summary: 'Mobile imaging units parked now or later, soonest first',
        tags,
        querystring: z.object({ regionSlug: slugSchema.optional() }),
        response: { 200: z.array(mobileLocationSchema), ...errors },
      },
    },
    async (request) => service.mobileLocations(request.query.regionSlug),
  );
}
