import {
  bodyPartSchema,
  errorResponseSchema,
  examGroupSchema,
  examListQuerySchema,
  examSchema,
  modalitySchema,
  slugSchema,
  walkInExamSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogueService } from './catalogue.service.ts';

// The catalogue changes rarely; a short shared cache spares the API on every page view.
const cacheable = 'public, max-age=60';

export function registerCatalogueRoutes(app: FastifyInstance, service: CatalogueService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const errors = {
    400: errorResponseSchema,
    404: errorResponseSchema,
    429: errorResponseSchema,
    500: errorResponseSchema,
  };
  const list = <T extends z.ZodType>(
    url: string,
    summary: string,
    item: T,
    load: () => Promise<z.infer<T>[]>,
  ) =>
    routes.get(
      url,
      { schema: { summary, tags: ['catalogue'], response: { 200: z.array(item), ...errors } } },
      async (_request, reply) => {
        reply.header('cache-control', cacheable);
        return load();
      },
    );

  list('/api/modalities', 'Modalities', modalitySchema, () => service.modalities());
  list('/api/exam-groups', 'Exam groups (procedureTab=multiple)', examGroupSchema, () =>
    service.examGroups(),
  );
  list('/api/body-parts', "The body figure's clickable parts", bodyPartSchema, () =>
    service.bodyParts(),
  );
  list('/api/exams/walk-in', 'Walk-in exams (docs/product/booking.md#data)', walkInExamSchema, () =>
    service.walkInExams(),
  );
  list('/api/exams/enquiry', 'Booking-request-only exams', examSchema, () =>
    service.enquiryExams(),
  );

  routes.get(
    '/api/exams',
    {
      schema: {
        summary: 'Exams by priority, filtered by modality, body part, text or clinic',
        tags: ['catalogue'],
        querystring: examListQuerySchema,
        response: { 200: z.array(examSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', cacheable);
      return service.exams(request.query);
    },
  );

  routes.get(
    '/api/exams/:examSlug',
    {
      schema: {
        summary: 'One exam',
        tags: ['catalogue'],
        params: z.object({ examSlug: slugSchema }),
        response: { 200: examSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', cacheable);
      return service.exam(request.params.examSlug);
    },
  );
}
