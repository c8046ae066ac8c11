import { z } from 'zod';
import { slugSchema } from './catalogue.ts';

export const geoPointSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

/** A region (docs/product/clinic-map.md#data). */
export const regionSchema = z.object({
  id: z.number().int(),
  slug: slugSchema,
  name: z.string(),
  location: geoPointSchema,
});

/** A postal code location (docs/product/clinic-map.md#data). The fallback record has id 1. */
export const postalCodeLocationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  country: z.string(),
  suburb: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

export const postalCodeSearchQuerySchema = z.object({
  q: z.string().trim().min(2).max(60),
});

export const postalCodeFromLocationQuerySchema = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
});

/** A clinic in the booking flow and on the map (docs/product/clinic-map.md#data). */
export const clinicSummarySchema = z.object({
  id: z.number().int(),
  slug: slugSchema,
  name: z.string(),
  regionSlug: slugSchema,
  address: z.string(),
  suburb: z.string(),
  state: z.string(),
  postalCode: z.string(),
  phone: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  timeZone: z.string(),
  /** Straight-line distance from the location the list was asked for, when one was given. */
  distanceKm: z.number().nullable(),
  /** Exams of the request this clinic performs. */
  examSlugs: z.array(slugSchema),
});

export const clinicListQuerySchema = z.object({
  /** Comma list of exam slugs the clinic must perform (all of them). */
  examSlugs: z.string().trim().max(500).optional(),
  regionSlug: slugSchema.optional(),
  latitude: z.coerce.number().min(-90).max(90).optional(),
  longitude: z.coerce.number().min(-180).max(180).optional(),
  postalCodeLocationId: z.coerce.number().int().positive().optional(),
});

/**
 * The clinic list response (docs/product/clinic-map.md#data): clinics nearest first, the
 * postal code used and the default location.
 */
export const clinicListResponseSchema = z.object({
  clinics: z.array(clinicSummarySchema),
  pcl: postalCodeLocationSchema.nullable(),
  defaultLocation: geoPointSchema,
});

/**
 * A mobile location (docs/product/clinic-map.md#data): a mobile imaging unit parked
 * somewhere for a date range.
 */
export const mobileLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  regionSlug: slugSchema,
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
});

export type GeoPoint = z.infer<typeof geoPointSchema>;
export type Region = z.infer<typeof regionSchema>;
export type PostalCodeLocation = z.infer<typeof postalCodeLocationSchema>;
export type ClinicSummary = z.infer<typeof clinicSummarySchema>;
export type ClinicListQuery = z.infer<typeof clinicListQuerySchema>;
export type ClinicListResponse = z.infer<typeof clinicListResponseSchema>;
export type MobileLocation = z.infer<typeof mobileLocationSchema>;
