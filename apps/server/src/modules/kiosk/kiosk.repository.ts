import type { Db } from '../../db/database.ts';

/** A BOOKED appointment near today whose patient has the date of birth asked for. */
export interface IdentityCandidate {
  bookingKey: string;
  patientId: string;
  lastName: string;
  startsAt: Date;
  timeZone: string;
}

/** One appointment of a booking key as the kiosk shows it. */
export interface KioskAppointmentRow {
  id: string;
  status: string;
  startsAt: Date;
  timeZone: string;
  examName: string;
  clinicName: string;
}

/**
 * BOOKED appointments starting between `from` and `to` of patients born on `dateOfBirth`: a
 * handful of rows, whose last names and clinic-local days the service compares.
 */
export async function findIdentityCandidates(
  db: Db,
  query: { dateOfBirth: string; from: Date; to: Date },
): Promise<IdentityCandidate[]> {
  const rows = await db
    .selectFrom('appointments')
    .innerJoin('patients', 'patients.id', 'appointments.patient_id')
    .innerJoin('clinics', 'clinics.id', 'appointments.clinic_id')
    .select([
      'appointments.booking_key',
      'appointments.patient_id',
      'appointments.starts_at',
      'patients.last_name',
      'clinics.time_zone',
    ])
    .where('patients.date_of_birth', '=', query.dateOfBirth)
    .where('appointments.status', '=', 'BOOKED')
    .where('appointments.starts_at', '>=', query.from)
    .where('appointments.starts_at', '<', query.to)
    .execute();
  return rows.map((row) => ({
    bookingKey: row.booking_key,
    patientId: row.patient_id,
    lastName: row.last_name,
    startsAt: new Date(row.starts_at),
    timeZone: row.time_zone,
  }));
}

/** The BOOKED and COMPLETED appointments of a key starting between `from` and `to`, earliest first. */
export async function appointmentsOfKey(
  db: Db,
  query: { bookingKey: string; from: Date; to: Date },
): Promise<KioskAppointmentRow[]> {
  const rows = await db
    .selectFrom('appointments')
    .innerJoin('exams', 'exams.id', 'appointments.exam_id')
    .innerJoin('clinics', 'clinics.id', 'appointments.clinic_id')
    .select([
      'appointments.id',
      'appointments.status',
      'appointments.starts_at',
      'exams.name as exam_name',
      'clinics.name as clinic_name',
      'clinics.time_zone',
    ])
    .where('appointments.booking_key', '=', query.bookingKey)
    .where('appointments.status', 'in', ['BOOKED', 'COMPLETED'])
    .where('appointments.starts_at', '>=', query.from)
    .where('appointments.starts_at', '<', query.to)
    .orderBy('appointments.starts_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    startsAt: new Date(row.starts_at),
    timeZone: row.time_zone,
    examName: row.exam_name,
    clinicName: row.clinic_name,
  }));
}
