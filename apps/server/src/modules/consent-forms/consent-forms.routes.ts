import {
  bookingKeySchema,
  consentFormsResponseSchema,
  errorResponseSchema,
  signConsentFormRequestSchema,
  signConsentFormResponseSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../plugins/request-context.ts';
import { authenticationRequestInfo } from '../authentication/index.ts';
import type { ConsentFormsService } from './consent-forms.service.ts';

const keyParams = z.object({ bookingKey: bookingKeySchema });
const consentFormErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  500: errorResponseSchema,
};
const maxUserAgentLength = 512;

/** /api/secured/appointments/{bookingKey}/consent_forms (spec 2 §3, §4): load and sign. */
export function registerConsentFormRoutes(app: FastifyInstance, service: ConsentFormsService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/secured/appointments/:bookingKey/consent_forms',
    {
      schema: {
        summary:
          "The consent forms the key's booked and pending appointments need, signed ones with their signed version, answers and verification",
        tags: ['consent-forms'],
        params: keyParams,
        response: { 200: consentFormsResponseSchema, ...consentFormErrors },
      },
      config: { patientScope: 'APPOINTMENT' },
    },
    async (request) => {
      const result = await service.list(request.params.bookingKey);
      // Signed answers are patient data: reading them is audited (docs/product/security.md).
      await app.authentication.auditRead(
        authenticationRequestInfo(request),
        request.patientSession!,
        'appointment_consent_forms',
      );
      return result;
    },
  );

  routes.post(
    '/api/secured/appointments/:bookingKey/consent_forms',
    {
      schema: {
        summary:
          'Sign one consent form of one appointment (answers checked against that version); answers appointmentConsentForms and notifyPatient',
        tags: ['consent-forms'],
        params: keyParams,
        body: signConsentFormRequestSchema,
        response: { 200: signConsentFormResponseSchema, ...consentFormErrors },
      },
      config: { patientScope: 'APPOINTMENT' },
    },
    async (request) => {
      const session = request.patientSession!;
      const userAgent = request.headers['user-agent'];
      return service.sign(request.params.bookingKey, request.body, {
        ...requestContext(request),
        sessionId: session.id,
        authenticationType: session.authenticationType,
        otpVerified: session.otpVerified,
        userAgent: typeof userAgent === 'string' ? userAgent.slice(0, maxUserAgentLength) : null,
      });
    },
  );
}
