import { z } from 'zod';
import { supportedLocales } from './locales.ts';

const hexColor = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'must be a hex colour such as #005eb8');
const httpUrl = z.url({ protocol: /^https?$/ });
/** An absolute http(s) URL or null (unset). */
const optionalUrl = httpUrl.nullable().default(null);
const keyHolder = z.object({ key: z.string().nullable().default(null) });

/** Theme colours and fonts, applied as CSS custom properties at start. */
export const themeSchema = z.object({
  primaryColor: hexColor.default('#005eb8'),
  primaryColorDark: hexColor.default('#003d78'),
  textColor: hexColor.default('#212b32'),
  secondaryTextColor: hexColor.default('#4c6272'),
  backgroundColor: hexColor.default('#f0f4f5'),
  surfaceColor: hexColor.default('#ffffff'),
  borderColor: hexColor.default('#d8dde0'),
  linkColor: hexColor.default('#005eb8'),
  focusColor: hexColor.default('#ffeb3b'),
  errorColor: hexColor.default('#d5281b'),
  successColor: hexColor.default('#007f3b'),
  fontFamily: z
    .string()
    .min(1)
    .default('system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif'),
  headingFontFamily: z.string().min(1).nullable().default(null),
});

/**
 * Application config (docs/product/shell-and-configuration.md#configuration), plus the
 * shell facts the server decides.
 */
export const applicationConfigSchema = z.object({
  jsLocale: z.enum(supportedLocales).or(z.string().min(2)).default('en-AU'),
  metaTitle: z.string().default(''),
  metaDescription: z.string().default(''),
  metaFbDescription: z.string().default(''),
  metaKeywords: z.string().default(''),
  googleVerificationId: z.string().nullable().default(null),
  googleVerificationEnabled: z.boolean().default(false),
  googleAnalyticsEnabled: z.boolean().default(false),
  googleTagManagerId: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXX')
    .nullable()
    .default(null),
  facebookTrackingEnabled: z.boolean().default(false),
  facebookTrackingId: z.string().regex(/^\d+$/, 'must be digits').nullable().default(null),
  heatmapEnabled: z.boolean().default(false),
  heatmapId: z.string().nullable().default(null),
  selfHostedAnalyticsEnabled: z.boolean().default(false),
  selfHostedAnalyticsUrl: optionalUrl,
  selfHostedAnalyticsId: z.string().nullable().default(null),
  // The tags above load only after the patient agrees (docs/product/shell-and-configuration.md#analytics);
  // on unless the provider turns it off, since a portal's visitors are patients.
  analyticsConsentRequired: z.boolean().default(true),
  questionnaireCss: z.string().default(''),
  kioskNoActivitySeconds: z.number().int().min(1).max(3600).default(60),
  showLinkToAdminPanel: z.boolean().default(true),
  adminPanelUrl: z.string().min(1).default('/admin'),
  versionOnPatientPortalEnabled: z.boolean().default(false),
  referrerReportQualityFeedbackEnabled: z.boolean().default(false),
  referrerReportQualityFeedbackRedirectUrl: optionalUrl,
  azureClientId: z.string().nullable().default(null),
  azureUrlWithTenantId: optionalUrl,
  otpSecondsBetweenRequests: z.number().int().min(1).max(600).default(5),
  patientPortalBackgroundImageEnabled: z.boolean().default(false),
  keepaliveUrl: z.string().nullable().default(null),
  keepaliveSeconds: z.number().int().min(30).default(600),
  theme: themeSchema.default(themeSchema.parse({})),
});

/** What the API adds to the application config from the running server. */
export const applicationConfigResponseSchema = applicationConfigSchema.extend({
  /** Active profiles (e.g. ["dev", "demo"]); the environment banner shows them outside production. */
  activeProfiles: z.array(z.string()),
  production: z.boolean(),
  readOnly: z.boolean(),
  version: z.string(),
  /**
   * FRAME_ANCESTORS: the provider's sites that may embed /iframe/...; a framed page tells only
   * these its height (docs/product/embedding.md).
   */
  embedOrigins: z.array(z.string()),
});

/** Integration config (docs/product/shell-and-configuration.md#configuration). */
export const integrationConfigSchema = z.object({
  sentryDSN: keyHolder.default({ key: null }),
  mapsKey: keyHolder.default({ key: null }),
  chatWidgetUrl: optionalUrl,
  mapTileUrl: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  mapTileAttribution: z.string().default('© OpenStreetMap contributors'),
});

/** Body-figure config (docs/product/shell-and-configuration.md#configuration). */
export const bodyFigureConfigSchema = z.object({
  gradientColor: hexColor.default('#cfe3f5'),
  bodyPartHoverColor: hexColor.default('#005eb8'),
  bodyPartHoverTransitionTime: z.number().min(0).max(5000).default(200),
  bodyPartsCss: z.string().default(''),
});

/**
 * Radiology config (docs/product/shell-and-configuration.md#configuration). HTML fields
 * are sanitized before they reach the DOM.
 */
export const radiologyConfigSchema = z.object({
  name: z.string().min(1),
  code: z.string().regex(/^[A-Z0-9_-]{2,20}$/, 'must be 2-20 capitals, digits, - or _'),
  longName: z.string().min(1),
  domainAdmin: z.string().nullable().default(null),
  homeUrl: optionalUrl,
  aboutUrl: optionalUrl,
  contactUrl: optionalUrl,
  termsAndConditionsUrl: optionalUrl,
  privacyPolicyUrl: optionalUrl,
  confirmationHeaderUrl: optionalUrl,
  about: z.string().default(''),
  contact: z.string().default(''),
  customFooter: z.string().default(''),
  customHeaderMessage: z.string().default(''),
  showCustomHeaderAndFooter: z.boolean().default(false),
  showMenuOnConfirmationPage: z.boolean().default(true),
  poweredByEnabled: z.boolean().default(true),
  bannerMessage: z.string().default(''),
  bannerPositionCss: z.string().default(''),
  closeBanner: z.boolean().default(false),
  showUnableToLocateWindow: z.boolean().default(true),
});

/**
 * Booking request and booking form config
 * (docs/product/shell-and-configuration.md#configuration).
 */
export const bookingConfigSchema = z.object({
  bookingRequestsDownloadReferralEnabled: z.boolean().default(false),
  validReferralContentTypes: z
    .array(z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/, 'must be a MIME type'))
    .min(1)
    .default(['application/pdf', 'image/jpeg', 'image/png']),
  createPendingAppointment: z.boolean().default(false),
  showGenderSelection: z.boolean().default(false),
  /**
   * Where the booking flow starts when the user cannot be located
   * (docs/product/booking.md#clinic-selection).
   */
  defaultLocation: z
    .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
    .default({ latitude: -33.8688, longitude: 151.2093 }),
  /** A location farther than this from the default location is replaced by it; 0 turns the rule off. */
  maximumDistanceKm: z.number().min(0).max(20_000).default(0),
  /** How long a reserved slot is held for the patient filling in the form. */
  slotHoldMinutes: z.number().int().min(1).max(120).default(10),
  /** How far ahead slots are offered. */
  bookingHorizonDays: z.number().int().min(1).max(730).default(90),
  /** The earliest slot offered is this long after now. */
  minimumNoticeMinutes: z.number().int().min(0).max(10_080).default(60),
});

export type Theme = z.infer<typeof themeSchema>;
export type ApplicationConfig = z.infer<typeof applicationConfigSchema>;
export type ApplicationConfigResponse = z.infer<typeof applicationConfigResponseSchema>;
export type IntegrationConfig = z.infer<typeof integrationConfigSchema>;
export type BodyFigureConfig = z.infer<typeof bodyFigureConfigSchema>;
export type RadiologyConfig = z.infer<typeof radiologyConfigSchema>;
export type BookingConfig = z.infer<typeof bookingConfigSchema>;
