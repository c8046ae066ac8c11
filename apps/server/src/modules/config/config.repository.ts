import type { ContactClinic, OpeningHours } from '@portal/contract';
import type { Db } from '../../db/database.ts';

/** 'HH:MM:SS' from a `time` column to the contract's 'HH:MM'. */
const toHourMinute = (time: string) => time.slice(0, 5);

/** Active clinics for the contact page, by region then name, with their opening hours. */
export async function listActiveContactClinics(db: Db): Promise<ContactClinic[]> {
  const clinics = await db
    .selectFrom('clinics')
    .innerJoin('regions', 'regions.id', 'clinics.region_id')
    .where('clinics.active', '=', true)
    .select([
      'clinics.id',
      'clinics.slug',
      'clinics.name',
      'regions.name as region_name',
      'clinics.address',
      'clinics.suburb',
      'clinics.state',
      'clinics.postal_code',
      'clinics.phone',
      'clinics.email',
      'clinics.time_zone',
      'clinics.latitude',
      'clinics.longitude',
    ])
    .orderBy('regions.sort_order')
    .orderBy('regions.name')
    .orderBy('clinics.name')
    .execute();
  if (clinics.length === 0) return [];
  const hours = await db
    .selectFrom('clinic_opening_hours')
    .where(
      'clinic_id',
      'in',
      clinics.map((clinic) => clinic.id),
    )
    .select(['clinic_id', 'weekday', 'opens', 'closes'])
    .orderBy('clinic_id')
    .orderBy('weekday')
    .orderBy('opens')
    .execute();
  const hoursByClinic = new Map<number, OpeningHours[]>();
  for (const row of hours) {
    const list = hoursByClinic.get(row.clinic_id) ?? [];
    list.push({
      weekday: row.weekday,
      opens: toHourMinute(row.opens),
      closes: toHourMinute(row.closes),
    });
    hoursByClinic.set(row.clinic_id, list);
  }
  return clinics.map((clinic) => ({
    id: clinic.id,
    slug: clinic.slug,
    name: clinic.name,
    regionName: clinic.region_name,
    address: clinic.address,
    suburb: clinic.suburb,
    state: clinic.state,
    postalCode: clinic.postal_code,
    phone: clinic.phone,
    email: clinic.email,
    timeZone: clinic.time_zone,
    latitude: clinic.latitude,
    longitude: clinic.longitude,
    openingHours: hoursByClinic.get(clinic.id) ?? [],
  }));
}

/** Records the configuration that is live (upsert by name), so operators can see it in SQL. */
export async function saveProviderConfigurations(
  db: Db,
  entries: Array<{ name: string; value: unknown }>,
  loadedAt: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('provider_configurations')
    .values(
      entries.map((entry) => ({
        name: entry.name,
        value: JSON.stringify(entry.value),
        loaded_at: loadedAt,
      })),
    )
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({
        value: eb.ref('excluded.value'),
        loaded_at: eb.ref('excluded.loaded_at'),
      })),
    )
    .execute();
}
