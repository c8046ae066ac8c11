import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import type { PacsSettings } from '../adapters/pacs.ts';
import type { S3StorageConfig } from '../adapters/s3-storage.ts';
import { repoRoot } from './paths.ts';

/** A start-up problem with the environment; server.ts prints `message` and exits 1. */
export class EnvError extends Error {
  override name = 'EnvError';
}

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const booleanText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ['true', 'false', '1', '0', 'yes', 'no'].includes(value), {
    message: 'must be true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const listText = z
  .string()
  .transform((value) => value.split(/[\s,]+/).filter((item) => item.length > 0));

/** An origin a browser sends, optionally with a leading wildcard label (https://*.example.org). */
const originPattern = /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i;

const rawEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  DEMO: booleanText.optional(),
  DEMO_OPEN_ALL_DAY: booleanText.default(false),
  DEMO_TIME_ZONE: z
    .string()
    .trim()
    .refine(isTimeZone, 'must be an IANA time zone, e.g. Australia/Perth')
    .optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORTAL_PROFILES: listText.optional(),
  READ_ONLY: booleanText.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CONFIG_DIR: z.string().trim().min(1).optional(),
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  TRUST_PROXY: z.string().trim().optional(),
  FRAME_ANCESTORS: listText
    .refine((origins) => origins.every((origin) => originPattern.test(origin)), {
      message: 'must be a space- or comma-separated list of origins such as https://clinic.example',
    })
    .default([]),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  EMAIL_PREVIEW_ENABLED: booleanText.default(false),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Radiology portal <no-reply@portal.invalid>'),
  SMS_GATEWAY_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL')
    .optional(),
  SMS_GATEWAY_TOKEN: z.string().trim().min(8, 'must be at least 8 characters').optional(),
  CHECK_IN_WEBHOOK_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL')
    .optional(),
  CHECK_IN_WEBHOOK_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http:// or https:// URL')
    .optional(),
  SESSION_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  CAPTCHA_SECRET: z.string().trim().min(1).optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z 0-9 . -)')
    .optional(),
  S3_ENDPOINT: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/]+\/?$/, 'must be an http:// or https:// URL without a path')
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanText.optional(),
  PACS_DICOMWEB_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http:// or https:// URL')
    .optional(),
  PACS_USERNAME: z.string().trim().min(1).max(200).optional(),
  PACS_PASSWORD: z.string().min(1).max(500).optional(),
  PACS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

export type TrustProxy = boolean | number | string[];

/** Where uploaded files live: DATA_DIR/files, or a bucket of an S3-compatible store. */
export type StorageSettings = { kind: 'local' } | ({ kind: 's3' } & S3StorageConfig);

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Connections this process keeps to PostgreSQL at most (not used on the embedded database). */
  databasePoolMax: number;
  demo: boolean;
  /**
   * DEMO_OPEN_ALL_DAY: the demo's clinics and rooms are seeded open every day around the clock,
   * so today's flows (check-in from home, the kiosk) can be tried, and are tested, at any hour.
   */
  demoOpenAllDay: boolean;
  /**
   * DEMO_TIME_ZONE: every demo clinic is seeded in this zone instead of its own, so "today" at a
   * clinic can be a working morning whatever the hour here (e2e/support/portal.ts uses it).
   */
  demoTimeZone: string | null;
  nodeEnv: 'development' | 'production' | 'test';
  production: boolean;
  activeProfiles: string[];
  readOnly: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  configDir: string;
  webDistDir: string;
  trustProxy: TrustProxy;
  /** Origins (besides 'self') allowed to embed the /iframe/... routes. */
  frameAncestors: string[];
  /** Requests per minute per client address on /api. */
  rateLimitMax: number;
  /**
   * The e-mail preview (/preview-email) in production: off unless EMAIL_PREVIEW_ENABLED=true,
   * and then with sample data only (docs/product/messages.md#preview).
   */
  emailPreviewEnabled: boolean;
  /** Real e-mail delivery (nodemailer); null keeps messages in the development outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * Real SMS delivery: the outbox worker POSTs each text as JSON to this
   * webhook (adapters/sms.ts), with SMS_GATEWAY_TOKEN as a bearer token; null
   * keeps texts in the development outbox, as e-mail without SMTP_URL.
   */
  smsGatewayUrl: string | null;
  smsGatewayToken: string | null;
  /**
   * Where check-ins go (docs/product/check-in.md#webhook): each is POSTed as signed JSON to
   * CHECK_IN_WEBHOOK_URL, HMAC-SHA256 with CHECK_IN_WEBHOOK_SECRET; null (development and
   * demo only) keeps them in the development outbox, counted as delivered.
   */
  checkInWebhook: { url: string; secret: string } | null;
  /** Base of links in messages (no trailing slash). */
  publicUrl: string;
  /** Largest accepted referral upload. */
  uploadMaxBytes: number;
  storage: StorageSettings;
  /**
   * Keys the OTP hashes (HMAC). Shared by every instance and kept across restarts, so
   * an OTP sent by one instance validates on another; required in production.
   */
  sessionSecret: string;
  /** The captcha provider's secret (siteverify); null when no provider is configured. */
  captchaSecret: string | null;
  /**
   * The PACS's DICOMweb root (docs/product/images.md); null: no PACS, images are unavailable
   * (demo mode says so, it never fakes them).
   */
  pacs: PacsSettings | null;
}

/** PACS_DICOMWEB_URL with optional basic auth; a user without a password (or one alone) is refused. */
function pacsSettings(raw: z.infer<typeof rawEnvSchema>): PacsSettings | null {
  const { PACS_DICOMWEB_URL: url, PACS_USERNAME: username, PACS_PASSWORD: password } = raw;
  if ((username === undefined) !== (password === undefined)) {
    throw new EnvError(
      'Invalid environment variables:\n  PACS_USERNAME, PACS_PASSWORD: set both (HTTP basic auth to the PACS) or neither',
    );
  }
  if (url === undefined) return null;
  return {
    url: url.replace(/\/+$/, ''),
    username: username ?? null,
    password: password ?? null,
    timeoutMs: raw.PACS_TIMEOUT_MS,
  };
}

/**
 * Outside production only: a fixed, public key, so a developer's sessions and OTPs
 * survive a restart. Production refuses to start without SESSION_SECRET.
 */
export const developmentSessionSecret = 'development-only-session-secret-not-for-production';

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === '' || /^(false|0|no)$/i.test(value)) return false;
  if (/^(true|yes)$/i.test(value)) return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(/[\s,]+/).filter((item) => item.length > 0);
}

/** STORAGE=s3 needs a bucket and credentials; all that is missing is named at once. */
function storageSettings(raw: z.infer<typeof rawEnvSchema>): StorageSettings {
  if (raw.STORAGE === 'local') return { kind: 'local' };
  const {
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
  } = raw;
  if (bucket === undefined || accessKeyId === undefined || secretAccessKey === undefined) {
    const required = {
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    };
    const lines = Object.entries(required)
      .filter(([, value]) => value === undefined)
      .map(([name]) => `  ${name}="": is required when STORAGE=s3`);
    throw new EnvError(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  const endpoint = raw.S3_ENDPOINT?.replace(/\/$/, '') ?? null;
  return {
    kind: 's3',
    bucket,
    endpoint,
    region: raw.S3_REGION,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: raw.S3_FORCE_PATH_STYLE ?? endpoint !== null,
  };
}

/** A check-in webhook needs its secret: an unsigned event could be forged by anyone. */
function checkInWebhookSettings(raw: z.infer<typeof rawEnvSchema>): Env['checkInWebhook'] {
  const { CHECK_IN_WEBHOOK_URL: url, CHECK_IN_WEBHOOK_SECRET: secret } = raw;
  if (url === undefined) return null;
  if (secret === undefined) {
    throw new EnvError(
      'Invalid environment variables:\n  CHECK_IN_WEBHOOK_SECRET="": is required when CHECK_IN_WEBHOOK_URL is set (at least 32 random characters, shared with the receiver)',
    );
  }
  return { url, secret };
}

/**
 * Production never pretends a check-in was delivered: with check-in enabled in
 * config/patient-portal.json it needs CHECK_IN_WEBHOOK_URL, or it does not start.
 */
export function assertCheckInDelivery(env: Env, checkInEnabled: boolean): void {
  if (env.production && checkInEnabled && env.checkInWebhook === null) {
    throw new EnvError(
      'Invalid environment variables:\n  CHECK_IN_WEBHOOK_URL="": is required when NODE_ENV=production and checkIn.enabled is true in patient-portal.json (set it and CHECK_IN_WEBHOOK_SECRET, or set checkIn.enabled to false)',
    );
  }
}

/**
 * Parses the environment once. Relative paths resolve against the directory
 * the user ran npm in (INIT_CWD), because `npm start -w` runs in the workspace.
 */
export function loadEnv(
  source: Record<string, string | undefined> = process.env,
  cwd: string = source.INIT_CWD ?? process.cwd(),
): Env {
  // Empty strings mean "unset" (e.g. `DATABASE_URL= npm start`).
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = rawEnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `  ${name}=${JSON.stringify(source[name] ?? '')}: ${issue.message}`;
    });
    throw new EnvError(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  const toPath = (value: string | undefined, fallback: string) =>
    value === undefined ? fallback : isAbsolute(value) ? value : resolve(cwd, value);
  const databaseUrl = raw.DATABASE_URL ?? null;
  const demo = raw.DEMO ?? databaseUrl === null;
  const production = raw.NODE_ENV === 'production';
  if (production && raw.SESSION_SECRET === undefined) {
    throw new EnvError(
      'Invalid environment variables:\n  SESSION_SECRET="": is required when NODE_ENV=production (at least 32 random characters, the same on every instance)',
    );
  }
  return {
    port: raw.PORT,
    host: raw.HOST,
    dataDir: toPath(raw.DATA_DIR, resolve(repoRoot, 'data')),
    databaseUrl,
    databasePoolMax: raw.DATABASE_POOL_MAX,
    demo,
    demoOpenAllDay: raw.DEMO_OPEN_ALL_DAY,
    demoTimeZone: raw.DEMO_TIME_ZONE ?? null,
    nodeEnv: raw.NODE_ENV,
    production,
    activeProfiles: raw.PORTAL_PROFILES ?? [production ? 'prod' : 'dev', ...(demo ? ['demo'] : [])],
    readOnly: raw.READ_ONLY,
    logLevel: raw.LOG_LEVEL,
    configDir: toPath(raw.CONFIG_DIR, resolve(repoRoot, 'config')),
    webDistDir: toPath(raw.WEB_DIST_DIR, resolve(repoRoot, 'apps/web/dist')),
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    frameAncestors: raw.FRAME_ANCESTORS,
    rateLimitMax: raw.RATE_LIMIT_MAX,
    emailPreviewEnabled: raw.EMAIL_PREVIEW_ENABLED,
    smtpUrl: raw.SMTP_URL ?? null,
    mailFrom: raw.MAIL_FROM,
    smsGatewayUrl: raw.SMS_GATEWAY_URL ?? null,
    smsGatewayToken: raw.SMS_GATEWAY_TOKEN ?? null,
    checkInWebhook: checkInWebhookSettings(raw),
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    uploadMaxBytes: raw.UPLOAD_MAX_BYTES,
    storage: storageSettings(raw),
    sessionSecret: raw.SESSION_SECRET ?? developmentSessionSecret,
    captchaSecret: raw.CAPTCHA_SECRET ?? null,
    pacs: pacsSettings(raw),
  };
}
