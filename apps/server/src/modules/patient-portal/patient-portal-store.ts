import { type Db, storeTransaction } from '../../db/database.ts';
import {
  type AppointmentOfKey,
  type BookingRequestOfKey,
  findBookingRequestOfKey,
  listAppointmentsOfKey,
  listManagedAppointments,
  type ManagedAppointment,
} from '../booking/index.ts';

/**
 * What the patient portal reads, bound to the database or to one open transaction
 * (ARCHITECTURE.md, "Dependencies"): all of it the booking module's, through its door.
 */
export interface PatientPortalStore {
  transaction<T>(work: (tx: PatientPortalStore) => Promise<T>): Promise<T>;
  listAppointmentsOfKey(bookingKey: string): Promise<AppointmentOfKey[]>;
  findBookingRequestOfKey(bookingKey: string): Promise<BookingRequestOfKey | undefined>;
  listManagedAppointments(bookingKey: string): Promise<ManagedAppointment[]>;
}

export function createPatientPortalStore(db: Db): PatientPortalStore {
  return {
    transaction: (work) => storeTransaction(db, createPatientPortalStore, work),
    listAppointmentsOfKey: (bookingKey) => listAppointmentsOfKey(db, bookingKey),
    findBookingRequestOfKey: (bookingKey) => findBookingRequestOfKey(db, bookingKey),
    listManagedAppointments: (bookingKey) => listManagedAppointments(db, bookingKey),
  };
}
