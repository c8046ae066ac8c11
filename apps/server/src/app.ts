import { randomUUID } from 'node:crypto';
import { errorCodes } from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from './adapters/clock.ts';
import { createConfiguredStorage } from './adapters/configured-storage.ts';
import { createErrorReporter } from './adapters/error-reporting.ts';
import type { StorageAdapter } from './adapters/storage.ts';
import type { Env } from './config/env.ts';
import type { ProviderConfig } from './config/provider-config.ts';
import type { Database } from './db/database.ts';
import { messagePreviews } from './message-previews.ts';
import { accountModule } from './modules/account/index.ts';
import {
  assetsModule,
  buildTranslationsService,
  createRoleTranslations,
} from './modules/assets/index.ts';
import { attachmentsModule, providerAttachmentReads } from './modules/attachments/index.ts';
import { authenticationModule } from './modules/authentication/index.ts';
import { availabilityModule, createAvailabilityService } from './modules/availability/index.ts';
import {
  bookingModule,
  createAppointmentChanges,
  findPreviewBooking,
} from './modules/booking/index.ts';
import { callCentreModule, providerCallbacks } from './modules/call-centre/index.ts';
import { catalogueModule } from './modules/catalogue/index.ts';
import { providerChatOutcomes } from './modules/chat/index.ts';
import {
  checkInModule,
  checkInPriorMinutes,
  checkInStatusReader,
  providerCheckIns,
} from './modules/check-in/index.ts';
import { buildConfigService, configModule, startupConfig } from './modules/config/index.ts';
import { consentFormsModule } from './modules/consent-forms/index.ts';
import { documentsModule } from './modules/documents/index.ts';
import { healthModule } from './modules/health/index.ts';
import { imageViewerModule, resultImages } from './modules/image-viewer/index.ts';
import { integrationModule } from './modules/integration/index.ts';
import { kioskModule } from './modules/kiosk/index.ts';
import { locationsModule } from './modules/locations/index.ts';
import {
  notificationsModule,
  providerMessageLocale,
  useProviderMessageOverrides,
} from './modules/notifications/index.ts';
import { patientChangeDecisions, patientChangesModule } from './modules/patient-changes/index.ts';
import {
  createAppointmentActionsService,
  patientPortalModule,
} from './modules/patient-portal/index.ts';
import {
  createAppointmentQuestionnaireCheck,
  createBookingQuestionnaireHooks,
  createPatientDetailOutcome,
  questionnairesModule,
} from './modules/questionnaires/index.ts';
import { findReferrer, referrersModule } from './modules/referrers/index.ts';
import { remindersModule } from './modules/reminders/index.ts';
import { reportFeedbackModule } from './modules/report-feedback/index.ts';
import {
  providerResultReleases,
  resultsModule,
  sharedResultsAccess,
} from './modules/results/index.ts';
import { ssoModule } from './modules/sso/index.ts';
import { crossSiteWritesPlugin } from './plugins/cross-site-writes.ts';
import { errorHandlerPlugin, sendError } from './plugins/error-handler.ts';
import { kioskDeviceContextPlugin } from './plugins/kiosk-device-context.ts';
import { buildLoggerOptions } from './plugins/logger.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { readOnlyPlugin } from './plugins/read-only.ts';
import { securityPlugin } from './plugins/security.ts';
import { startupBootstrap } from './plugins/startup-bootstrap.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export interface AppConfig {
  env: Env;
  provider: ProviderConfig;
  version: string;
}

export interface AppDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Uploaded files; defaults to the store STORAGE names (DATA_DIR/files unless STORAGE=s3). */
  storage?: StorageAdapter;
}

/** Accept a caller's request id only if it is short and plain (it ends up in logs). */
const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

export const bodyLimitBytes = 1024 * 1024;

/**
 * Builds the Fastify app without listening (server.ts listens; tests inject).
 * Order matters: error handling and OpenAPI first, so every route after them
 * is covered and documented; the web app last, as the catch-all.
 */
export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const { env, provider, version } = config;
  const app = Fastify({
    logger: buildLoggerOptions(env.logLevel, !env.production && process.stdout.isTTY === true),
    // A hop count becomes a function: proxy-addr trusts the nearest N proxies.
    trustProxy:
      typeof env.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(env.trustProxy)
        : env.trustProxy,
    bodyLimit: bodyLimitBytes,
    // The id comes from genReqId, which validates a caller's x-request-id first.
    requestIdHeader: false,
    genReqId: (request) => {
      const header = request.headers['x-request-id'];
      return typeof header === 'string' && requestIdPattern.test(header) ? header : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A URL the router cannot decode (`/api/x/%`) or an over-long parameter: still our error shape.
    frameworkErrors: (_error, request, reply) => {
      reply.header('x-request-id', request.id);
      return sendError(
        reply,
        400,
        errorCodes.validation,
        'The address of the request is not valid.',
      );
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Unexpected errors also go to the configured Sentry-compatible DSN, if any (decision 037).
  await app.register(errorHandlerPlugin, {
    report: createErrorReporter({
      dsn: provider.integration.sentryDSN.key,
      release: version,
      environment: env.production ? 'production' : env.nodeEnv,
      clock: deps.clock,
      log: (error) => app.log.warn({ err: error }, 'error report not sent'),
    }),
  });
  await app.register(securityPlugin, {
    application: provider.application,
    integration: provider.integration,
    frameAncestors: env.frameAncestors,
    production: env.production,
    rateLimitMax: env.rateLimitMax,
    captchaProvider: provider.authentication.captcha.provider,
  });
  // Before every module: a write from another site's page, and any write under READ_ONLY, is
  // refused before the modules' own hooks (decisions 039 and 036).
  await app.register(crossSiteWritesPlugin);
  await app.register(readOnlyPlugin, { readOnly: env.readOnly });
  await app.register(openApiPlugin, {
    title: `${provider.radiology.name} booking portal API`,
    version,
  });

  const runtime = {
    activeProfiles: env.activeProfiles,
    production: env.production,
    readOnly: env.readOnly,
    version,
    embedOrigins: env.frameAncestors,
  };
  await app.register(healthModule, { db: deps.db });
  const configService = buildConfigService({ db: deps.db, provider, runtime, clock: deps.clock });
  const translations = buildTranslationsService(provider);
  // E-mails and texts take their words from the same catalogue, with the same overrides.
  useProviderMessageOverrides(provider.translations);
  // Messages to a patient whose language is unknown, and to clinics (decision 035).
  const defaultLocale = providerMessageLocale(provider.application.jsLocale);
  await app.register(configModule, {
    db: deps.db,
    provider,
    runtime,
    clock: deps.clock,
    service: configService,
  });
  await app.register(assetsModule, { provider, translations });
  // Results and their shares: a shared link's sign-in checks its share (decision 023).
  const resultsDeps = {
    db: deps.db,
    clock: deps.clock,
    settings: provider.patientPortal.results,
    providerName: provider.radiology.name,
    publicUrl: env.publicUrl,
    defaultLocale,
    // "View images" on a result: whether the PACS holds its study (docs/product/images.md).
    images: resultImages(env.pacs, deps.clock),
  };
  // Before every module with /api/secured routes: it adds the cookie parser and their guard.
  await app.register(authenticationModule, {
    db: deps.db,
    clock: deps.clock,
    settings: {
      ...provider.authentication,
      otpSecondsBetweenRequests: provider.application.otpSecondsBetweenRequests,
    },
    secret: env.sessionSecret,
    captchaSecret: env.captchaSecret,
    secureCookie: env.production,
    providerName: provider.radiology.name,
    shared: sharedResultsAccess(resultsDeps),
  });
  // Staff and referrers' single sign-on (after the cookie parser); /api/account reads its session.
  await app.register(ssoModule, {
    db: deps.db,
    clock: deps.clock,
    issuer: provider.application.azureUrlWithTenantId,
    clientId: provider.application.azureClientId,
    secureCookie: env.production,
    roleTranslations: createRoleTranslations(provider.roleTranslations),
  });
  await app.register(accountModule);
  // After the cookie parser: every audit event of a kiosk's request names the device.
  await app.register(kioskDeviceContextPlugin);
  await app.register(catalogueModule, { db: deps.db });
  await app.register(locationsModule, {
    db: deps.db,
    clock: deps.clock,
    settings: provider.booking,
  });
  const availability = createAvailabilityService({
    db: deps.db,
    clock: deps.clock,
    settings: provider.booking,
  });
  await app.register(availabilityModule, { service: availability });
  await app.register(bookingModule, {
    db: deps.db,
    clock: deps.clock,
    slots: availability,
    settings: { slotHoldMinutes: provider.booking.slotHoldMinutes },
    publicUrl: env.publicUrl,
    providerName: provider.radiology.name,
    defaultLocale,
    checkInPriorMinutes: checkInPriorMinutes(provider.patientPortal.checkIn),
    questionnaires: createBookingQuestionnaireHooks({ db: deps.db, clock: deps.clock }),
  });
  // Patients' changes: booking's writes under the patient portal's rules, built once for
  // the portal's routes and the reminders' links.
  const changes = createAppointmentChanges({
    db: deps.db,
    clock: deps.clock,
    slots: availability,
    publicUrl: env.publicUrl,
    providerName: provider.radiology.name,
    defaultLocale,
  });
  const questionnaireApplies = createAppointmentQuestionnaireCheck({
    db: deps.db,
    clock: deps.clock,
  });
  const actions = createAppointmentActionsService({
    changes,
    settings: provider.patientPortal,
    clock: deps.clock,
    questionnaireApplies,
    publicUrl: env.publicUrl,
    providerName: provider.radiology.name,
  });
  await app.register(patientPortalModule, {
    db: deps.db,
    settings: provider.patientPortal,
    actions,
    questionnaireApplies,
  });
  // Check-in names its referrer from the directory; its event goes out through the outbox.
  const checkInDeps = {
    db: deps.db,
    clock: deps.clock,
    settings: provider.patientPortal.checkIn,
    referrers: (id: string) => findReferrer(deps.db, id),
  };
  await app.register(checkInModule, checkInDeps);
  // Kiosk check-in: the identity check and the reload of appointments (docs/product/kiosk.md).
  await app.register(kioskModule, {
    db: deps.db,
    clock: deps.clock,
    checkInStatus: checkInStatusReader(checkInDeps),
    feedbackDue: (bookingKey, appointmentId) =>
      questionnaireApplies(bookingKey, appointmentId, 'FEEDBACK'),
  });
  await app.register(resultsModule, resultsDeps);
  // Viewer links and the study-scoped DICOMweb proxy (docs/product/images.md, decision 029).
  await app.register(imageViewerModule, {
    db: deps.db,
    clock: deps.clock,
    config: provider.imageViewer,
    pacs: env.pacs,
    sessionSecret: env.sessionSecret,
    publicUrl: env.publicUrl,
    rateLimitMax: env.rateLimitMax,
  });
  // The referrer's report-quality feedback, by a viewer link or a staff session (after sso).
  await app.register(reportFeedbackModule, {
    db: deps.db,
    clock: deps.clock,
    enabled: provider.application.referrerReportQualityFeedbackEnabled,
    sessionSecret: env.sessionSecret,
    rateLimitMax: env.rateLimitMax,
  });
  await app.register(remindersModule, {
    db: deps.db,
    clock: deps.clock,
    sessionSecret: env.sessionSecret,
    changes,
    actions,
  });
  // One store for the documents uploaded while booking and the attachments they become.
  const storage = deps.storage ?? createConfiguredStorage(env);
  await app.register(documentsModule, {
    db: deps.db,
    clock: deps.clock,
    storage,
    validContentTypes: provider.booking.validReferralContentTypes,
    maxBytes: env.uploadMaxBytes,
  });
  await app.register(attachmentsModule, {
    db: deps.db,
    clock: deps.clock,
    storage,
    validContentTypes: provider.booking.validReferralContentTypes,
    referralDownloadEnabled: provider.booking.bookingRequestsDownloadReferralEnabled,
    maxBytes: env.uploadMaxBytes,
  });
  // Messages and callback requests to the call centre (decision 044); callbacks also go to the
  // provider's signed webhook where one is configured (the development outbox otherwise).
  const callCentre = {
    db: deps.db,
    clock: deps.clock,
    settings: provider.patientPortal.callCentre,
    providerName: provider.radiology.name,
    defaultLocale,
    providerWebhook: env.checkInWebhook !== null || !env.production,
  };
  await app.register(callCentreModule, callCentre);
  // The provider's own systems, the first readers of documents who are not their owners.
  await app.register(integrationModule, {
    db: deps.db,
    clock: deps.clock,
    attachments: providerAttachmentReads({ db: deps.db, storage }),
    patientChanges: patientChangeDecisions({
      db: deps.db,
      clock: deps.clock,
      providerName: provider.radiology.name,
      pendingRequestDays: provider.patientDetails.pendingRequestDays,
      defaultLocale,
    }),
    results: providerResultReleases({
      db: deps.db,
      clock: deps.clock,
      providerName: provider.radiology.name,
      publicUrl: env.publicUrl,
      defaultLocale,
    }),
    checkIns: providerCheckIns({ db: deps.db, clock: deps.clock }),
    chat: providerChatOutcomes({ db: deps.db, clock: deps.clock }),
    callbacks: providerCallbacks(callCentre),
  });
  // Patients ask for their details to change; the provider decides through the integration.
  await app.register(patientChangesModule, {
    db: deps.db,
    clock: deps.clock,
    settings: provider.patientDetails,
    outcomeOf: createPatientDetailOutcome({ db: deps.db, clock: deps.clock }),
  });
  await app.register(questionnairesModule, { db: deps.db, clock: deps.clock, defaultLocale });
  await app.register(consentFormsModule, {
    db: deps.db,
    clock: deps.clock,
    publicUrl: env.publicUrl,
    providerName: provider.radiology.name,
    defaultLocale,
  });
  // The check-in form's doctor search (docs/product/referrers.md).
  await app.register(referrersModule, { db: deps.db });
  // Patients' messages are readable there: never in production, never with real delivery.
  await app.register(notificationsModule, {
    db: deps.db,
    devOutbox: env.smtpUrl === null && !env.production,
    preview: {
      providerName: provider.radiology.name,
      publicUrl: env.publicUrl,
      checkInPriorMinutes: checkInPriorMinutes(provider.patientPortal.checkIn),
      production: env.production,
      enabled: env.emailPreviewEnabled,
      clock: deps.clock,
      messages: messagePreviews,
      findBooking: (bookingKey: string) => findPreviewBooking(deps.db, bookingKey),
    },
  });

  await app.register(webAppPlugin, {
    distDir: env.webDistDir,
    application: provider.application,
    radiology: provider.radiology,
    faviconType: provider.assets.favicon.contentType,
    bootstrapFor: startupBootstrap(startupConfig(configService), translations),
  });
  return app;
}
