import { healthResponseSchema, readinessResponseSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { HealthService } from './health.service.ts';

export function registerHealthRoutes(app: FastifyInstance, service: HealthService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness: the process answers',
        tags: ['health'],
        response: { 200: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
  routes.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness: the database answers',
        tags: ['health'],
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      },
    },
    async (_request, reply) => {
      const result = await service.readiness();
      return reply
        .header('cache-control', 'no-store')
        .status(result.status === 'ready' ? 200 : 503)
        .send(result);
    },
  );
}
