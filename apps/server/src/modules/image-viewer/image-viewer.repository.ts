import type { Db } from '../../db/database.ts';

/**
 * Whether the accession number is that of a released result of a COMPLETED appointment of the
 * booking key, or of another booking of the key's patient (the same patient row, as the
 * results history shows them).
 */
export async function isPatientsAccession(
  db: Db,
  bookingKey: string,
  accessionNumber: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('appointment_results')
    .innerJoin('appointments', 'appointments.id', 'appointment_results.appointment_id')
    .select('appointments.id')
    .where('appointment_results.accession_number', '=', accessionNumber)
    .where('appointments.status', '=', 'COMPLETED')
    .where('appointments.replaced_by', 'is', null)
    .where((eb) =>
      eb.or([
        eb('appointments.booking_key', '=', bookingKey),
        eb(
          'appointments.patient_id',
          'in',
          eb
            .selectFrom('appointments as own')
            .select('own.patient_id')
            .where('own.booking_key', '=', bookingKey),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
