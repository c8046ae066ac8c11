import { z } from 'zod';
import { slugSchema } from './catalogue.ts';
import { geoPointSchema } from './locations.ts';

/** Clinic-local parts of the day used by the `timeOfDay` filter. */
export const timeOfDayValues = ['MORNING', 'AFTERNOON', 'EVENING'] as const;
export const timeOfDaySchema = z.enum(timeOfDayValues);

/**
 * An ISO 8601 instant with an offset, as every time on the wire
 * (docs/product/README.md#api-conventions).
 */
export const instantSchema = z.iso.datetime({ offset: true });

/**
 * One bookable time (docs/product/booking.md#slots). `start`/`end` carry the clinic's own
 * offset and `timeZone` names the zone, so the browser shows clinic-local time.
 * An enquiry slot is a time the clinic can be asked for: booking it sends a
 * booking request, not an appointment.
 */
export const slotSchema = z.object({
  clinicSlug: slugSchema,
  clinicName: z.string(),
  examSlug: slugSchema,
  start: instantSchema,
  end: instantSchema,
  timeZone: z.string(),
  enquiry: z.boolean(),
});

/** GET /api/clinics/{clinicSlug}/slots */
export const clinicSlotsQuerySchema = z.object({
  examSlug: slugSchema,
  /** First and last clinic-local day to list, inclusive (at most 62 days). */
  from: z.iso.date(),
  to: z.iso.date(),
  /** Comma list of MORNING, AFTERNOON, EVENING; empty means the whole day. */
  timeOfDay: z.string().trim().max(40).optional(),
  /** Hide slots before this clinic-local day (questionnaire outcome restrictMinDate). */
  minDate: z.iso.date().optional(),
});

export const clinicSlotsResponseSchema = z.object({
  clinicSlug: slugSchema,
  timeZone: z.string(),
  slots: z.array(slotSchema),
});

/** Next-available-slot request (docs/product/booking.md#data). */
export const nextAvailableSlotRequestSchema = z.object({
  clinicIds: z.array(z.number().int()).max(200).optional(),
  examSlug: slugSchema,
  location: geoPointSchema.optional(),
  start: instantSchema.optional(),
  end: instantSchema.optional(),
  isBookingRequest: z.boolean().optional(),
  bookingRequestBookingKey: z.string().max(100).optional(),
  examBookingKey: z.string().max(100).optional(),
  appointmentSlug: z.string().max(100).optional(),
  customDuration: z.number().int().min(5).max(480).optional(),
  extraQueryParams: z.record(z.string(), z.string()).optional(),
  clinicAppointmentsView: z.enum(['WEEK', 'MONTH']).optional(),
  mobileLocationToken: z.string().max(200).optional(),
});

/** The earliest slot per clinic (clinics nearest first when a location was given). */
export const nextAvailableSlotResponseSchema = z.object({
  slots: z.array(slotSchema),
});

export type TimeOfDay = z.infer<typeof timeOfDaySchema>;
export type Slot = z.infer<typeof slotSchema>;
export type ClinicSlotsQuery = z.infer<typeof clinicSlotsQuerySchema>;
export type ClinicSlotsResponse = z.infer<typeof clinicSlotsResponseSchema>;
export type NextAvailableSlotRequest = z.infer<typeof nextAvailableSlotRequestSchema>;
export type NextAvailableSlotResponse = z.infer<typeof nextAvailableSlotResponseSchema>;
