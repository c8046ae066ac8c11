import { z } from 'zod';
import { instantSchema } from './availability.ts';
import { bookingKeySchema } from './booking.ts';
import { supportedLocales } from './locales.ts';

/**
 * Patient access (docs/product/authentication.md, docs/product/security.md): booking key
 * + date of birth (+ contact number) (+ OTP) opens a session scoped to that booking key.
 */

export const authenticationTypes = [
  'BOOKING_REQUEST',
  'APPOINTMENT',
  'APPOINTMENT_RESULTS',
  'PATIENT_PORTAL',
] as const;
export const authenticationTypeSchema = z.enum(authenticationTypes);

export const otpChannels = ['EMAIL', 'SMS'] as const;
export const otpChannelSchema = z.enum(otpChannels);

export const captchaProviders = ['none', 'hcaptcha', 'recaptcha', 'turnstile'] as const;
export type CaptchaProvider = (typeof captchaProviders)[number];

/** The translation keys the access answers carry (docs/product/authentication.md#messages). */
export const authenticationMessages = {
  authenticationError: 'message.authentication_error',
  otpError: 'message.authentication_otp_error',
} as const;

/** Error code of every 401 from /api/secured/... and the OTP calls without a pending session. */
export const unauthenticatedErrorCode = 'UNAUTHENTICATED';

/** The session cookie (HttpOnly, SameSite=Lax, Path=/, Secure in production). */
export const sessionCookieName = 'portal_session';

/** POST /api/authentication: prove the date of birth (and contact number when configured). */
export const authenticationRequestSchema = z.object({
  bookingKey: bookingKeySchema,
  dateOfBirth: z.iso.date(),
  /** Only checked when contact-number authentication is on; compared as digits. */
  contactNumber: z.string().trim().max(20).nullable().optional(),
  authenticationType: authenticationTypeSchema,
  /** A captcha response token, when the provider is configured and the session has none verified. */
  captchaToken: z.string().min(1).max(4096).optional(),
  /**
   * A shared results link (docs/product/results-and-sharing.md): bookingKey is the share token,
   * the date of birth is the patient's, and an OTP always follows, sent to the share's contact.
   */
  shared: z.boolean().optional(),
  /** The web's language: the OTP message is written in it (en-AU if absent). */
  locale: z.enum(supportedLocales).optional(),
});
export const authenticationResponseSchema = z.object({
  success: z.boolean(),
  maxAttemptsReached: z.boolean(),
  otpRequired: z.boolean(),
  otpChannel: otpChannelSchema.nullable(),
  otpSecondsBetweenRequests: z.number().int().min(0),
  /** A translation key (message.authentication_error) on failure, else null. */
  message: z.string().nullable(),
});

/** POST /api/authentication/otp: send or resend the OTP (needs the OTP_PENDING session). */
export const otpSendRequestSchema = z.object({
  bookingKey: bookingKeySchema,
  authenticationType: authenticationTypeSchema,
  shared: z.boolean().optional(),
  /** The web's language: the OTP message is written in it (en-AU if absent). */
  locale: z.enum(supportedLocales).optional(),
});
export const otpSendResponseSchema = z.object({
  sent: z.boolean(),
  /** Seconds until another OTP may be requested. */
  retryAfterSeconds: z.number().int().min(0),
});

/** POST /api/authentication/otp/validate */
export const otpValidateRequestSchema = z.object({
  otp: z.string().regex(/^[0-9]{6}$/, 'must be 6 digits'),
  bookingKey: bookingKeySchema,
  authenticationType: authenticationTypeSchema,
  shared: z.boolean().optional(),
});
export const otpValidateResponseSchema = z.object({
  success: z.boolean(),
  maxAttemptsReached: z.boolean(),
  /** message.authentication_otp_error on failure, else null. */
  message: z.string().nullable(),
});

/** POST /api/authentication/captcha */
export const captchaVerifyRequestSchema = z.object({ token: z.string().min(1).max(4096) });
export const captchaVerifyResponseSchema = z.object({ result: z.boolean() });

/**
 * GET /api/authentication/session?bookingKey=...&authenticationType=...: 200 only for an
 * AUTHENTICATED session covering the key and, when given, that kind of page (a
 * patient-portal sign-in without an OTP does not cover an appointment page).
 */
export const sessionQuerySchema = z.object({
  bookingKey: bookingKeySchema,
  authenticationType: authenticationTypeSchema.optional(),
  /** 'true' for a shared results link's session (bookingKey is then the share token). */
  shared: z.enum(['true', 'false']).optional(),
});
export const sessionResponseSchema = z.object({
  authenticated: z.literal(true),
  bookingKey: bookingKeySchema,
  authenticationType: authenticationTypeSchema,
  /** A recipient's session on a shared results link. */
  shared: z.boolean(),
  /** When the session ends without activity (the earlier of idle and absolute expiry). */
  expiresAt: instantSchema,
});

/** Path parameter of /api/secured/.../{bookingKey}. */
export const bookingKeyParamsSchema = z.object({ bookingKey: bookingKeySchema });

/** config/authentication.json: the provider's patient-access settings (validated at start). */
export const authenticationConfigSchema = z.object({
  otpEnabled: z.boolean().default(true),
  /** OTP also for patient-portal links (docs/product/authentication.md#otp). */
  otpForPatientPortal: z.boolean().default(false),
  /** Where OTPs go: the patient's e-mail or mobile number (a booking records both). */
  otpChannel: otpChannelSchema.default('EMAIL'),
  otpExpiryMinutes: z.number().int().min(1).max(60).default(10),
  otpMaxTries: z.number().int().min(1).max(10).default(3),
  /**
   * OTP messages per booking key in an hour, however they are triggered (sign-ins and
   * resends alike): past it the patient waits, and nobody can flood their inbox or run up
   * the SMS bill.
   */
  otpMaxPerHour: z.number().int().min(1).max(60).default(6),
  contactNumberAuthentication: z.boolean().default(false),
  maxFailedAttemptsPerBookingKey: z.number().int().min(1).max(1000).default(5),
  maxFailedAttemptsPerClientAddress: z.number().int().min(1).max(100_000).default(30),
  /**
   * Failed attempts from one kiosk device (docs/product/security.md#kiosk-devices): a kiosk is
   * one address for a whole waiting room, so it is also counted on its own.
   */
  maxFailedAttemptsPerKioskDevice: z.number().int().min(1).max(100_000).default(20),
  attemptWindowMinutes: z.number().int().min(1).max(10_080).default(60),
  sessionIdleMinutes: z.number().int().min(1).max(1440).default(20),
  sessionAbsoluteHours: z.number().int().min(1).max(168).default(12),
  /** Idle expiry of a session opened at a kiosk: the next patient must not find it open. */
  kioskSessionIdleMinutes: z.number().int().min(1).max(60).default(3),
  captcha: z
    .object({
      provider: z.enum(captchaProviders).default('none'),
      siteKey: z.string().nullable().default(null),
    })
    .default({ provider: 'none', siteKey: null }),
});

/** GET /api/config/authentication: only what the browser needs from the access settings. */
export const authenticationPublicConfigSchema = z.object({
  contactNumberAuthentication: z.boolean(),
  otpEnabled: z.boolean(),
  otpForPatientPortal: z.boolean(),
  otpSecondsBetweenRequests: z.number().int().min(0),
  captcha: z.object({
    provider: z.enum(captchaProviders),
    siteKey: z.string().nullable(),
  }),
});

export type AuthenticationType = z.infer<typeof authenticationTypeSchema>;
export type OtpChannel = z.infer<typeof otpChannelSchema>;
export type AuthenticationRequest = z.infer<typeof authenticationRequestSchema>;
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;
export type OtpSendRequest = z.infer<typeof otpSendRequestSchema>;
export type OtpSendResponse = z.infer<typeof otpSendResponseSchema>;
export type OtpValidateRequest = z.infer<typeof otpValidateRequestSchema>;
export type OtpValidateResponse = z.infer<typeof otpValidateResponseSchema>;
export type CaptchaVerifyResponse = z.infer<typeof captchaVerifyResponseSchema>;
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export type AuthenticationConfig = z.infer<typeof authenticationConfigSchema>;
export type AuthenticationPublicConfig = z.infer<typeof authenticationPublicConfigSchema>;
