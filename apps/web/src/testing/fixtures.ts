import {
  applicationConfigSchema,
  bodyFigureConfigSchema,
  integrationConfigSchema,
  radiologyConfigSchema,
  type User,
} from '@portal/contract';
import type { PortalConfig } from '../lib/config.tsx';

export interface ConfigOverrides {
  application?: Partial<PortalConfig['application']>;
  integration?: Partial<PortalConfig['integration']>;
  bodyFigure?: Partial<PortalConfig['bodyFigure']>;
  radiology?: Partial<PortalConfig['radiology']>;
}

/** A complete configuration as the API would serve it (schema defaults + a demo provider). */
export function makeConfig(overrides: ConfigOverrides = {}): PortalConfig {
  return {
    application: {
      ...applicationConfigSchema.parse({ metaTitle: 'Online bookings' }),
      activeProfiles: ['dev', 'demo'],
      production: false,
      readOnly: false,
      version: '1.4.2',
      embedOrigins: [],
      ...overrides.application,
    },
    integration: { ...integrationConfigSchema.parse({}), ...overrides.integration },
    bodyFigure: { ...bodyFigureConfigSchema.parse({}), ...overrides.bodyFigure },
    radiology: {
      ...radiologyConfigSchema.parse({
        name: 'Harbourside Imaging',
        code: 'HSI',
        longName: 'Harbourside Imaging Pty Ltd',
        about: '<p>We are a radiology practice.</p>',
        contact: '<p>Call us any weekday.</p>',
      }),
      ...overrides.radiology,
    },
  };
}

export const staffUser: User = {
  userId: 'u-1',
  username: 'jsmith',
  organization: null,
  currentDoctor: { firstName: 'Jane', lastName: 'Smith' },
  roleTranslations: null,
};

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function errorResponse(status: number, code: string, message = code): Response {
  return jsonResponse({ error: { code, message, requestId: 'req-1' } }, status);
}
