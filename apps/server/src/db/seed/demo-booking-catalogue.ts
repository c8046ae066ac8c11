import { preparationStepSchema } from '@portal/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../database.ts';
import { demoExams } from './demo-catalogue.ts';

/**
 * Demo data for the booking catalogue (migration 002): the body figure's
 * parts, region map centres, walk-in settings and mobile imaging units.
 */

export interface DemoBodyPart {
  slug: string;
  name: string;
  view: 'FRONT' | 'BACK';
}

export const demoBodyParts: DemoBodyPart[] = [
  { slug: 'head', name: 'Head', view: 'FRONT' },
  { slug: 'neck', name: 'Neck', view: 'FRONT' },
  { slug: 'shoulder', name: 'Shoulder', view: 'FRONT' },
  { slug: 'chest', name: 'Chest', view: 'FRONT' },
  { slug: 'breast', name: 'Breast', view: 'FRONT' },
  { slug: 'abdomen', name: 'Abdomen', view: 'FRONT' },
  { slug: 'pelvis', name: 'Pelvis', view: 'FRONT' },
  { slug: 'hip', name: 'Hip', view: 'FRONT' },
  { slug: 'hand', name: 'Hand and wrist', view: 'FRONT' },
  { slug: 'knee', name: 'Knee', view: 'FRONT' },
  { slug: 'leg', name: 'Leg', view: 'FRONT' },
  { slug: 'foot', name: 'Ankle and foot', view: 'FRONT' },
  { slug: 'spine', name: 'Spine', view: 'BACK' },
  { slug: 'whole-body', name: 'Whole body', view: 'BACK' },
];

export const demoRegionCentres: Record<string, { latitude: number; longitude: number }> = {
  sydney: { latitude: -33.8688, longitude: 151.2093 },
  melbourne: { latitude: -37.8136, longitude: 144.9631 },
  'brisbane-gold-coast': { latitude: -27.4698, longitude: 153.0251 },
  perth: { latitude: -31.9523, longitude: 115.8613 },
};

/** Walk-in settings by modality: minutes of preparation, and arrive at least this long before closing. */
export const demoWalkInSettings: Record<string, { prepTime: number; minutesPrior: number }> = {
  XR: { prepTime: 5, minutesPrior: 30 },
  US: { prepTime: 15, minutesPrior: 60 },
};

export interface DemoMobileLocation {
  name: string;
  region: string;
  address: string;
  latitude: number;
  longitude: number;
  /** Days after the seeding day the van arrives, and how many days it stays. */
  startsInDays: number;
  days: number;
}

export const demoMobileLocations: DemoMobileLocation[] = [
  {
    name: 'Mobile ultrasound and mammography van: Katoomba',
    region: 'sydney',
    address: 'Katoomba Street car park, Katoomba NSW 2780',
    latitude: -33.7125,
    longitude: 150.3119,
    startsInDays: 0,
    days: 30,
  },
  {
    name: 'Mobile ultrasound and mammography van: Bowral',
    region: 'sydney',
    address: 'Bendooley Street, Bowral NSW 2576',
    latitude: -34.4778,
    longitude: 150.4181,
    startsInDays: 35,
    days: 30,
  },
  {
    name: 'Mobile mammography van: Ballarat',
    region: 'melbourne',
    address: 'Sturt Street, Ballarat VIC 3350',
    latitude: -37.5622,
    longitude: 143.8503,
    startsInDays: 14,
    days: 60,
  },
];

/** Every inconsistency between these lists and the exam catalogue; empty means the seed can run. */
export function checkDemoBookingCatalogue(): string[] {
  const problems: string[] = [];
  const parts = new Set(demoBodyParts.map((part) => part.slug));
  for (const exam of demoExams) {
    for (const part of exam.bodyParts) {
      if (!parts.has(part))
        problems.push(`exam ${exam.slug}: body part ${part} is not on the figure`);
    }
    for (const [index, step] of (exam.preparationSteps ?? []).entries()) {
      if (!preparationStepSchema.safeParse(step).success) {
        problems.push(`exam ${exam.slug}: preparation step ${index + 1} is not a valid step`);
      }
    }
  }
  for (const location of demoMobileLocations) {
    if (!demoRegionCentres[location.region]) {
      problems.push(`mobile location ${location.name}: unknown region ${location.region}`);
    }
  }
  return problems;
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Inserts the booking-catalogue demo rows; idempotent like the rest of the seed. */
export async function seedDemoBookingCatalogue(
  trx: Transaction<Database>,
  today: string,
): Promise<void> {
  await trx
    .insertInto('body_parts')
    .values(demoBodyParts.map((part, index) => ({ ...part, sort_order: index })))
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  for (const [slug, centre] of Object.entries(demoRegionCentres)) {
    await trx
      .updateTable('regions')
      .set(centre)
      .where('slug', '=', slug)
      .where('latitude', 'is', null)
      .execute();
  }
  const modalities = await trx.selectFrom('modalities').select(['id', 'code']).execute();
  for (const [code, settings] of Object.entries(demoWalkInSettings)) {
    const modality = modalities.find((row) => row.code === code);
    if (!modality) continue;
    await trx
      .updateTable('exams')
      .set({ prep_time_minutes: settings.prepTime, minutes_prior: settings.minutesPrior })
      .where('modality_id', '=', modality.id)
      .where('walk_in', '=', true)
      .execute();
  }
  const regions = await trx.selectFrom('regions').select(['id', 'slug']).execute();
  const regionId = new Map(regions.map((row) => [row.slug, row.id]));
  // Only into an empty table: the dates follow the seeding day, so a reseed must not add more.
  const existing = await trx.selectFrom('mobile_locations').select('id').limit(1).execute();
  if (existing.length > 0) return;
  await trx
    .insertInto('mobile_locations')
    .values(
      demoMobileLocations.flatMap((location) => {
        const id = regionId.get(location.region);
        if (id === undefined) return [];
        const start = addDays(today, location.startsInDays);
        return [
          {
            name: location.name,
            region_id: id,
            address: location.address,
            latitude: location.latitude,
            longitude: location.longitude,
            start_date: start,
            end_date: addDays(start, location.days - 1),
          },
        ];
      }),
    )
    .execute();
}
