import { errorResponseSchema, userSchema } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AccountService } from './account.service.ts';

export function registerAccountRoutes(
  app: FastifyInstance,
  service: (request: FastifyRequest) => AccountService,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/account',
    {
      schema: {
        summary: 'The signed-in staff member, or null when nobody is signed in',
        tags: ['account'],
        response: { 200: userSchema.nullable(), 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service(request).currentUser();
    },
  );
}
