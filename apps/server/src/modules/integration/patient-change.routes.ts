import {
  errorResponseSchema,
  integrationPatientChangeParamsSchema,
  integrationPatientChangeQuerySchema,
  integrationPatientChangeRejectSchema,
  integrationPatientChangeResponseSchema,
  integrationPatientChangesResponseSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context.ts';
import type { PatientChangeDecisions } from '../patient-changes/index.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
};
const security = [{ providerApiKey: [] }];

/**
 * /api/integration/patient_change_requests (docs/product/patient-detail-changes.md): the
 * provider's list of patients' detail change requests, and its decisions. Registered in the
 * integration scope, after registerIntegrationRoutes' key check; the patient-changes module
 * owns the rules and audits each call as the caller (`provider:<name>`).
 */
export function registerPatientChangeRoutes(
  app: FastifyInstance,
  decisions: PatientChangeDecisions,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const decider = (request: FastifyRequest) => ({ actor: request.apiCaller!.actor });

  routes.get(
    '/api/integration/patient_change_requests',
    {
      schema: {
        summary:
          "Patients' detail change requests of one status (default PENDING), oldest first, at most 200: each field's old and new value and who the patient is",
        tags: ['integration'],
        security,
        querystring: integrationPatientChangeQuerySchema,
        response: { 200: integrationPatientChangesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      requests: await decisions.list(
        decider(request),
        request.query.status,
        requestContext(request),
      ),
    }),
  );

  routes.post(
    '/api/integration/patient_change_requests/:requestId/accept',
    {
      schema: {
        summary:
          "Accept a pending request: its new values are written to the patient record in one transaction, only if every field still holds the request's oldValue (else 409 CONFLICT, nothing changes); the patient is e-mailed",
        tags: ['integration'],
        security,
        params: integrationPatientChangeParamsSchema,
        response: { 200: integrationPatientChangeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      request: await decisions.accept(
        decider(request),
        request.params.requestId,
        requestContext(request),
      ),
    }),
  );

  routes.post(
    '/api/integration/patient_change_requests/:requestId/reject',
    {
      schema: {
        summary:
          'Reject a pending request, with an optional note (at most 500 characters) the patient is e-mailed; the record does not change',
        tags: ['integration'],
        security,
        params: integrationPatientChangeParamsSchema,
        body: integrationPatientChangeRejectSchema,
        response: { 200: integrationPatientChangeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      request: await decisions.reject(
        decider(request),
        request.params.requestId,
        request.body?.note ?? null,
        requestContext(request),
      ),
    }),
  );
}
