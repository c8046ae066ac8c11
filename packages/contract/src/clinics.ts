import { z } from 'zod';

export const openingHoursSchema = z.object({
  /** 1 = Monday ... 7 = Sunday (ISO weekday). */
  weekday: z.number().int().min(1).max(7),
  opens: z.string().regex(/^\d{2}:\d{2}$/),
  closes: z.string().regex(/^\d{2}:\d{2}$/),
});

/** A clinic as the contact page lists it (GET /api/config/contact). */
export const contactClinicSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  regionName: z.string(),
  address: z.string(),
  suburb: z.string(),
  state: z.string(),
  postalCode: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  timeZone: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  openingHours: z.array(openingHoursSchema),
});
export const contactClinicListSchema = z.array(contactClinicSchema);

export const termsResponseSchema = z.object({ html: z.string() });

export type OpeningHours = z.infer<typeof openingHoursSchema>;
export type ContactClinic = z.infer<typeof contactClinicSchema>;
export type TermsResponse = z.infer<typeof termsResponseSchema>;
