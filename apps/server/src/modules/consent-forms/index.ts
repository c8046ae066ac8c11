import type { SupportedLocale } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import type { ConsentFormConfig } from './consent-form-config.ts';
import { type ConsentFormSyncResult, syncConsentForms as syncForms } from './consent-form-sync.ts';
import { registerConsentFormRoutes } from './consent-forms.routes.ts';
import { createConsentFormsService } from './consent-forms.service.ts';
import { createConsentFormStore } from './consent-forms-store.ts';

export { type ConsentFormConfig, loadConsentFormConfig } from './consent-form-config.ts';
export type { ConsentFormSyncResult } from './consent-form-sync.ts';
export { signedNotice } from './signed-notice.ts';

/** Writes config/consent-forms to the database (server.ts, at start; consent-form-sync.ts). */
export function syncConsentForms(
  db: Kysely<Database>,
  configs: readonly ConsentFormConfig[],
  now: Date,
): Promise<ConsentFormSyncResult> {
  return syncForms(createConsentFormStore(db), configs, now);
}

export interface ConsentFormsModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  publicUrl: string;
  providerName: string;
  /** The provider's default locale (jsLocale): the notice when the patient's is unknown. */
  defaultLocale: SupportedLocale;
}

/**
 * Consent forms (docs/product/consent-forms.md): load an appointment group's forms and sign
 * one, behind the patient session (scope APPOINTMENT). Signatures are hashed (decision 024).
 */
export async function consentFormsModule(app: FastifyInstance, deps: ConsentFormsModuleDeps) {
  registerConsentFormRoutes(
    app,
    createConsentFormsService({
      store: createConsentFormStore(deps.db),
      clock: deps.clock,
      publicUrl: deps.publicUrl,
      providerName: deps.providerName,
      defaultLocale: deps.defaultLocale,
      // Reasons name questions, never answers: answers are patient data and stay out of logs.
      onRefused: (reason) => app.log.info({ reason }, 'consent form answers refused'),
    }),
  );
}
