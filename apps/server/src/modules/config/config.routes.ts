import {
  applicationConfigResponseSchema,
  bodyFigureConfigSchema,
  bookingConfigSchema,
  contactClinicListSchema,
  errorResponseSchema,
  integrationConfigSchema,
  radiologyConfigSchema,
  termsResponseSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConfigService } from './config.service.ts';

// Config changes only with a restart; a short shared cache spares the API on every page view.
const cacheable = 'public, max-age=60';

export function registerConfigRoutes(app: FastifyInstance, service: ConfigService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorResponseSchema, 429: errorResponseSchema, 500: errorResponseSchema };

  routes.get(
    '/api/config/application',
    {
      schema: {
        summary:
          'Application config (docs/product/shell-and-configuration.md#configuration) with the server environment facts',
        tags: ['config'],
        response: { 200: applicationConfigResponseSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', cacheable);
      return service.application();
    },
  );
  routes.get(
    '/api/config/integration',
    {
      schema: {
        summary: 'Integration config (docs/product/shell-and-configuration.md#configuration)',
        tags: ['config'],
        response: { 200: integrationConfigSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', cacheable);
      return service.integration();
    },
  );
  routes.get(
    '/api/config/body-figure',
    {
      schema: {
        summary: 'Body-figure config (docs/product/shell-and-configuration.md#configuration)',
        tags: ['config'],
        response: { 200: bodyFigureConfigSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', cacheable);
      return service.bodyFigure();
    },
  );
  routes.get(
    '/api/config/radiology',
    {
      schema: {
        summary:
          'Radiology config (docs/product/shell-and-configuration.md#configuration); HTML fields are sanitized',
        tags: ['config'],
        response: { 200: radiologyConfigSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', cacheable);
      return service.radiology();
    },
  );
  routes.get(
    '/api/config/booking',
    {
      schema: {
        summary:
          'Booking form and booking request config (docs/product/shell-and-configuration.md#configuration)',
        tags: ['config'],
        response: { 200: bookingConfigSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', cacheable);
      return service.booking();
    },
  );
  routes.get(
    '/api/config/contact',
    {
      schema: {
        summary: 'Active clinics for the contact page',
        tags: ['config'],
        response: { 200: contactClinicListSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', cacheable);
      return service.contactClinics();
    },
  );
  routes.get(
    '/api/config/terms',
    {
      schema: {
        summary: 'Terms and conditions (sanitized HTML)',
        tags: ['config'],
        response: { 200: termsResponseSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', cacheable);
      return service.terms();
    },
  );
}
