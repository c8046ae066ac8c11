import { z } from 'zod';
import { imageViewerLinkStatuses, imageViewerPreferences } from './image-viewer-codes.ts';

/**
 * Image viewer (docs/product/images.md, spec 1 §3, §4, §7). `imsec` is a signed, expiring,
 * single-study token; the embedded viewer reads only that study, through the portal's proxy.
 *
 *   POST /api/image_viewer/generate?accessionNumber&repositorySource&repositorySourceId  (empty body;
 *        a patient session covering the result, or the provider API key) → imageViewerResponseSchema
 *   GET  /api/image_viewer?input={imsec}&repositorySource=                → imageViewerResponseSchema
 *   POST /api/image_viewer/direct  imageViewerDirectRequestSchema         → imageViewerDirectResponseSchema
 *   GET  /api/image_viewer/study   (Authorization: Bearer {imsec})        → imageViewerStudySchema
 *   GET  /api/image_viewer/report  (Authorization: Bearer {imsec}; REFERRER or EXTERNAL links)
 *        → imageViewerReportSchema (the quick report)
 *   GET  /api/image_viewer/dicomweb/studies/{study}/series/{series}/instances/{instance}/frames/{frame}/rendered
 *        (Authorization: Bearer {imsec}; optional ?window=center,width)  → image/jpeg
 */

export const imageViewerGenerateQuerySchema = z.object({
  accessionNumber: z.string().trim().min(1).max(64),
  repositorySource: z.string().trim().max(64).optional(),
  repositorySourceId: z.string().trim().max(64).optional(),
});

export const imageViewerQuerySchema = z.object({
  input: z.string().min(1).max(4096),
  repositorySource: z.string().trim().max(64).optional(),
});

/** Spec 1 §3: the image viewer response. */
export const imageViewerResponseSchema = z.object({
  /** {PUBLIC_URL}/referrer-report?imsec={token}&repositorySource={source}; null: images unavailable. */
  url: z.string().nullable(),
  imageViewerLinkStatus: z.enum(imageViewerLinkStatuses),
  /** Where the browser goes when EXPIRED; null when ACTIVE. */
  redirectUrl: z.string().nullable(),
  /** PACS: the browser goes to pacsUrl (the provider's own viewer) instead of the portal's. */
  preference: z.enum(imageViewerPreferences).nullable(),
  pacsUrl: z.string().nullable(),
});

/** Spec 1 §5: external image viewer request; input, username and email are required. */
export const imageViewerDirectRequestSchema = z.object({
  /** An imsec or an accession number issued to the radiologist. */
  input: z.string().min(1).max(4096),
  username: z.string().trim().min(1).max(100),
  email: z.email().max(254),
});

export const imageViewerDirectResponseSchema = z.object({ url: z.string() });

export const imageViewerInstanceSchema = z.object({
  sopInstanceUid: z.string(),
  instanceNumber: z.number().int().nullable(),
  /** Number of frames (1 for a single-frame image). */
  frames: z.number().int().min(1),
});

export const imageViewerSeriesSchema = z.object({
  seriesInstanceUid: z.string(),
  seriesNumber: z.number().int().nullable(),
  modality: z.string().nullable(),
  description: z.string().nullable(),
  /** Sorted by instanceNumber (nulls last). */
  instances: z.array(imageViewerInstanceSchema),
});

/** GET /api/image_viewer/study: the token's study, series sorted by seriesNumber (nulls last). */
export const imageViewerStudySchema = z.object({
  accessionNumber: z.string(),
  studyInstanceUid: z.string(),
  /** YYYY-MM-DD */
  studyDate: z.string().nullable(),
  description: z.string().nullable(),
  modalities: z.array(z.string()),
  series: z.array(imageViewerSeriesSchema),
});

/**
 * GET /api/image_viewer/report: the released report of the link's study for the referrer's quick
 * report (docs/product/images.md#quick-report). Only what the report itself shows: no patient
 * name, address, contact or other bookings.
 */
export const imageViewerReportSchema = z.object({
  accessionNumber: z.string(),
  /** null: no report has been released for this study yet (its images may still be there). */
  report: z
    .object({
      examName: z.string(),
      clinicName: z.string(),
      /** The appointment's day in the clinic's zone, YYYY-MM-DD. */
      studyDate: z.string(),
      /** The clinic's IANA time zone, in which releasedAt is written. */
      timeZone: z.string(),
      /** ISO 8601 instant of the (latest) release. */
      releasedAt: z.string(),
      title: z.string(),
      /** Plain text with line breaks, as released (never HTML). */
      text: z.string(),
    })
    .nullable(),
});

/** Optional query of the rendered frame: window=center,width (DICOMweb's rendered window). */
export const imageViewerRenderedQuerySchema = z.object({
  window: z
    .string()
    .regex(/^-?\d+(\.\d+)?,\d+(\.\d+)?$/)
    .optional(),
});

export type ImageViewerResponse = z.infer<typeof imageViewerResponseSchema>;
export type ImageViewerDirectRequest = z.infer<typeof imageViewerDirectRequestSchema>;
export type ImageViewerDirectResponse = z.infer<typeof imageViewerDirectResponseSchema>;
export type ImageViewerStudy = z.infer<typeof imageViewerStudySchema>;
export type ImageViewerReport = z.infer<typeof imageViewerReportSchema>;
export type ImageViewerSeries = z.infer<typeof imageViewerSeriesSchema>;
export type ImageViewerInstance = z.infer<typeof imageViewerInstanceSchema>;

/** config/image-viewer.json (optional; validated at start, docs/product/images.md#configuration). */
export const imageViewerConfigSchema = z
  .object({
    /** Life of a link a signed-in patient makes from their results. */
    patientLinkMinutes: z.number().int().min(5).max(1440).default(60),
    /** Life of a link the provider's systems make for a referrer (sent by them, e.g. by e-mail). */
    referrerLinkMinutes: z.number().int().min(5).max(43_200).default(10_080),
    /** Life of a link an external radiologist gets from POST /api/image_viewer/direct. */
    externalLinkMinutes: z.number().int().min(5).max(1440).default(240),
    /** Where an expired link sends the browser; null: the portal's home page. */
    expiredRedirectUrl: z
      .url({ protocol: /^https?$/ })
      .nullable()
      .default(null),
    /** PACS: referrers' links open the provider's own PACS viewer (pacsViewerUrl) instead. */
    referrerPreference: z.enum(imageViewerPreferences).default('PORTAL'),
    /**
     * The provider's PACS viewer for a study (the report page's open-PACS link), with
     * {accessionNumber} and {studyInstanceUid} filled in; null: none.
     */
    pacsViewerUrl: z
      .string()
      .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL')
      .nullable()
      .default(null),
    /**
     * External radiologists (POST /api/image_viewer/direct): only e-mail addresses of these
     * domains (partner practices) are let in; empty: nobody.
     */
    directAccessEmailDomains: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a domain name'),
      )
      .max(100)
      .default([]),
  })
  .refine((config) => config.referrerPreference === 'PORTAL' || config.pacsViewerUrl !== null, {
    message: 'referrerPreference PACS needs pacsViewerUrl',
    path: ['pacsViewerUrl'],
  });

export type ImageViewerConfig = z.infer<typeof imageViewerConfigSchema>;
