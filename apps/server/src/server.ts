import closeWithGrace from 'close-with-grace';
import { systemClock } from './adapters/clock.ts';
import { createConfiguredStorage } from './adapters/configured-storage.ts';
import { createDevOutboxMailAdapter, createSmtpMailAdapter } from './adapters/mail.ts';
import { createDevOutboxSmsAdapter, createHttpSmsAdapter } from './adapters/sms.ts';
import { createDevOutboxWebhookAdapter, createHttpWebhookAdapter } from './adapters/webhook.ts';
import { buildApp } from './app.ts';
import { assertCheckInDelivery, EnvError, loadEnv } from './config/env.ts';
import { loadProviderConfig, ProviderConfigError } from './config/provider-config.ts';
import { readAppVersion } from './config/version.ts';
import { createDb, type DatabaseHandle } from './db/create-db.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoAnswers } from './db/seed/demo-answers.ts';
import { demoPatient, listDemoBookings, seedDemoBookings } from './db/seed/demo-bookings.ts';
import { seedDemoCheckIn } from './db/seed/demo-check-in.ts';
import { seedDemoReferrers } from './db/seed/demo-referrers.ts';
import { seedDemoResults } from './db/seed/demo-results.ts';
import { isDatabaseEmpty, seedDemoData } from './db/seed/index.ts';
import { createAvailabilityService } from './modules/availability/index.ts';
import { createBookingCleanup } from './modules/booking/index.ts';
import { checkInPriorMinutes, checkInWebhookOutcomes } from './modules/check-in/index.ts';
import { buildConfigService } from './modules/config/index.ts';
import {
  type ConsentFormConfig,
  loadConsentFormConfig,
  syncConsentForms,
} from './modules/consent-forms/index.ts';
import { createOutboxWorker, providerMessageLocale } from './modules/notifications/index.ts';
import { createCalendarFiles } from './modules/patient-portal/index.ts';
import {
  loadQuestionnaireConfig,
  type QuestionnaireConfig,
  syncQuestionnaires,
} from './modules/questionnaires/index.ts';
import { createReminderScheduler } from './modules/reminders/index.ts';

/** Start-up problems an operator fixes (bad env or config): one clear message, exit 1. */
function failFast(error: unknown): never {
  if (error instanceof EnvError || error instanceof ProviderConfigError) {
    console.error(error.message);
  } else {
    console.error('The portal could not start:', error);
  }
  process.exit(1);
}

async function main(): Promise<void> {
  let env: ReturnType<typeof loadEnv>;
  let provider: ReturnType<typeof loadProviderConfig>;
  let questionnaires: QuestionnaireConfig[];
  let consentForms: ConsentFormConfig[];
  try {
    env = loadEnv();
    provider = loadProviderConfig(env.configDir);
    assertCheckInDelivery(env, provider.patientPortal.checkIn.enabled);
    questionnaires = loadQuestionnaireConfig(env.configDir);
    consentForms = loadConsentFormConfig(env.configDir);
  } catch (error) {
    failFast(error);
  }

  let handle: DatabaseHandle;
  try {
    handle = await createDb(env);
    await migrateToLatest(handle.db);
    // Definitions are provider configuration: the files win, in every mode (a change adds a version).
    await syncQuestionnaires(handle.db, questionnaires, systemClock.now());
    await syncConsentForms(handle.db, consentForms, systemClock.now());
  } catch (error) {
    failFast(error);
  }
  const { db } = handle;

  let seeded = false;
  if (env.demo && (await isDatabaseEmpty(db))) {
    await seedDemoData(db, { openAllDay: env.demoOpenAllDay, timeZone: env.demoTimeZone });
    seeded = true;
  }

  let demoCheckIn: string | null = null;
  if (env.demo) {
    const availability = createAvailabilityService({
      db,
      clock: systemClock,
      settings: provider.booking,
    });
    // The first free slot of the exam at the clinic starting after `after` and before `before`.
    const slotBetween = async (clinicSlug: string, examSlug: string, after: Date, before: Date) => {
      const day = (date: Date) => date.toISOString().slice(0, 10);
      const listed = await availability
        .clinicSlots(clinicSlug, {
          examSlug,
          from: day(after),
          to: day(new Date(before.getTime() + 86_400_000)),
        })
        .catch(() => null);
      const slot = listed?.slots.find(
        (offered) => new Date(offered.start) > after && new Date(offered.start) < before,
      );
      if (!slot) return null;
      const offered = await availability.offeredSlot({
        clinicSlug,
        examSlug,
        start: new Date(slot.start),
      });
      const resourceId = offered?.resourceIds[0];
      return offered && resourceId ? { start: offered.start, end: offered.end, resourceId } : null;
    };
    await seedDemoBookings(db, {
      now: systemClock.now(),
      findSlot: (clinicSlug, examSlug) => {
        const from = new Date(systemClock.now().getTime() + 7 * 86_400_000);
        return slotBetween(clinicSlug, examSlug, from, new Date(from.getTime() + 7 * 86_400_000));
      },
    });
    // The booking form answered for the demo appointment, so its answers document has content.
    await seedDemoAnswers(db, systemClock.now());
    // After the bookings, so the results are the same demo patient's.
    await seedDemoResults(db, { now: systemClock.now() });
    // An appointment inside its check-in window, placed again at each start once it has closed.
    demoCheckIn = await seedDemoCheckIn(db, {
      now: systemClock.now(),
      findSlot: slotBetween,
      priorMinutes: provider.patientPortal.checkIn.priorMinutes,
      closesMinutesAfterStart: provider.patientPortal.checkIn.closesMinutesAfterStart,
    });
    // Also into a demo database seeded before the referrer directory existed (idempotent).
    await seedDemoReferrers(db, systemClock.now());
  }

  const version = readAppVersion();
  const runtime = {
    activeProfiles: env.activeProfiles,
    production: env.production,
    readOnly: env.readOnly,
    version,
    embedOrigins: env.frameAncestors,
  };
  await buildConfigService({ db, provider, runtime, clock: systemClock }).publishSnapshot();

  // Uploaded files: DATA_DIR/files, or the S3 bucket when STORAGE=s3.
  const storage = createConfiguredStorage(env);
  const app = await buildApp({ env, provider, version }, { db, clock: systemClock, storage });

  // The outbox worker: real SMTP when SMTP_URL is set and the SMS gateway when
  // SMS_GATEWAY_URL is, else the development outbox for that channel.
  const mail = env.smtpUrl
    ? createSmtpMailAdapter(env.smtpUrl, env.mailFrom)
    : createDevOutboxMailAdapter();
  const sms = env.smsGatewayUrl
    ? createHttpSmsAdapter({ url: env.smsGatewayUrl, token: env.smsGatewayToken })
    : createDevOutboxSmsAdapter();
  // In production a channel without real delivery is not "delivered" to the dev outbox:
  // its messages stay PENDING until it is configured.
  // Check-ins: the provider's webhook, else (never in production: assertCheckInDelivery) the
  // development outbox, where they count as delivered.
  const webhook = env.checkInWebhook
    ? createHttpWebhookAdapter(env.checkInWebhook)
    : createDevOutboxWebhookAdapter();
  const channels = (['EMAIL', 'SMS', 'WEBHOOK'] as const).filter(
    (channel) =>
      !env.production || { EMAIL: mail, SMS: sms, WEBHOOK: webhook }[channel].realDelivery,
  );
  const outboxWorker = createOutboxWorker({
    db,
    mail,
    sms,
    webhook,
    webhookOutcomes: checkInWebhookOutcomes,
    channels,
    clock: systemClock,
    // Confirmation, change and cancel e-mails carry the appointments' calendar files.
    calendarFiles: createCalendarFiles({
      db,
      clock: systemClock,
      publicUrl: env.publicUrl,
      providerName: provider.radiology.name,
    }),
    // Ids and error codes only: SMTP replies can quote the recipient.
    onError: (err, messageId) => {
      const { code, responseCode } = (err ?? {}) as { code?: unknown; responseCode?: unknown };
      app.log.warn({ messageId, code, responseCode }, 'outbox delivery failed');
    },
  });

  // Expired holds and never-used booking keys with their documents, every ten minutes
  // (SKIP LOCKED: any number of instances may run it; `npm run booking-cleanup` runs it once).
  const bookingCleanup = createBookingCleanup({
    db,
    storage,
    clock: systemClock,
    onError: (err) => app.log.warn({ code: (err as { code?: unknown })?.code }, 'cleanup failed'),
  });

  // Appointment reminders at the configured lead times, every minute (each reminder's
  // primary key makes a second instance's run skip what this one queued).
  const reminders = createReminderScheduler({
    db,
    clock: systemClock,
    leadHours: provider.patientPortal.reminderLeadHours,
    publicUrl: env.publicUrl,
    providerName: provider.radiology.name,
    defaultLocale: providerMessageLocale(provider.application.jsLocale),
    sessionSecret: env.sessionSecret,
    checkInPriorMinutes: checkInPriorMinutes(provider.patientPortal.checkIn),
    onError: (err) => app.log.warn({ code: (err as { code?: unknown })?.code }, 'reminders failed'),
  });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await reminders.stop();
    await bookingCleanup.stop();
    await outboxWorker.stop();
    await mail.close();
    await app.close();
    await handle.close();
  });

  try {
    await app.listen({ port: env.port, host: env.host });
  } catch (error) {
    await handle.close();
    failFast(error);
  }
  if (env.production && !env.smtpUrl) {
    // Nothing would really be e-mailed: keep e-mail PENDING until SMTP_URL is configured.
    console.warn('SMTP_URL is not set: e-mails stay queued (outbox_messages) until it is.');
  }
  if (env.production && !env.smsGatewayUrl) {
    console.warn('SMS_GATEWAY_URL is not set: texts stay queued (outbox_messages) until it is.');
  }
  // READ_ONLY (decision 036): reminders and the clean-up would change bookings, so they wait;
  // the outbox runs, as sign-in codes go through it.
  if (channels.length > 0) outboxWorker.start();
  if (!env.readOnly) {
    bookingCleanup.start();
    reminders.start();
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  const host = env.host.includes(':') ? `[${env.host}]` : env.host;
  // The one human line (logs are JSON); tests and people look for it.
  console.log(`Radiology portal ready at http://${host}:${port}`);
  if (env.demo) {
    const where = handle.engine === 'pglite' ? `embedded database in ${env.dataDir}` : 'PostgreSQL';
    console.log(
      `Demo mode: fictional provider ${provider.radiology.name} (${where}${seeded ? ', demo data seeded now' : ''}).`,
    );
    // Booking keys are printed in demo mode only (they are fictional patients' capabilities).
    for (const line of await listDemoBookings(db)) {
      console.log(
        `  Demo ${line.kind}: ${env.publicUrl}/${line.path}/${line.bookingKey}${line.suffix ?? ''}`,
      );
    }
    if (demoCheckIn) {
      console.log(`  Demo appointment to check in: ${env.publicUrl}/appointments/${demoCheckIn}`);
    }
    // The demo patient's date of birth opens them; the OTP then arrives in the development outbox.
    console.log(`  Demo patient's date of birth: ${demoPatient.date_of_birth}`);
    // Images are never faked (docs/product/images.md#demo): say where they come from, or how to get them.
    console.log(
      env.pacs
        ? `Images: the PACS at ${env.pacs.url} (npm run pacs -- load-demo-studies loads the demo studies)`
        : 'Images: no PACS (set PACS_DICOMWEB_URL and run npm run pacs -- load-demo-studies to try them)',
    );
    if (!env.smtpUrl)
      console.log(`Development outbox: ${env.publicUrl}/dev/outbox (or npm run outbox)`);
  }
}

await main();
