import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { AttachmentTables } from './tables/attachment-tables.ts';
import type { AuthenticationTables } from './tables/authentication-tables.ts';
import type { BookingTables } from './tables/booking-tables.ts';
import type { CallCentreTables } from './tables/call-centre-tables.ts';
import type { CatalogueTables } from './tables/catalogue-tables.ts';
import type { CheckInTables } from './tables/check-in-tables.ts';
import type { ConsentFormTables } from './tables/consent-form-tables.ts';
import type { IntegrationTables } from './tables/integration-tables.ts';
import type { PatientChangeTables } from './tables/patient-change-tables.ts';
import type { QuestionnaireTables } from './tables/questionnaire-tables.ts';
import type { ReferrerTables } from './tables/referrer-tables.ts';
import type { ReminderTables } from './tables/reminder-tables.ts';
import type { ReportFeedbackTables } from './tables/report-feedback-tables.ts';
import type { ResultsTables } from './tables/results-tables.ts';
import type { SsoTables } from './tables/sso-tables.ts';

/**
 * Table types for Kysely. Dates (`date` columns) arrive as 'YYYY-MM-DD' text
 * and times (`time` columns) as 'HH:MM:SS' text on both engines (see
 * create-db.ts), so clinic-local values never pass through a JS Date.
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface ProviderConfigurationsTable {
  name: string;
  value: ColumnType<unknown, string, string>;
  loaded_at: Timestamp;
}

export interface RegionsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  sort_order: Generated<number>;
  /** Map centre (migration 002); null falls back to the centre of the region's clinics. */
  latitude: number | null;
  longitude: number | null;
}

export interface ClinicsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  region_id: number;
  address: string;
  suburb: string;
  state: string;
  postal_code: string;
  phone: string | null;
  email: string | null;
  latitude: number;
  longitude: number;
  time_zone: string;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface ClinicOpeningHoursTable {
  clinic_id: number;
  weekday: number;
  opens: string;
  closes: string;
}

export interface PostalCodeLocationsTable {
  id: Generated<number>;
  code: string;
  country: string;
  suburb: string;
  state: string;
  latitude: number;
  longitude: number;
}

export interface ModalitiesTable {
  id: Generated<number>;
  slug: string;
  code: string;
  name: string;
  sort_order: Generated<number>;
}

export interface ExamsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  modality_id: number;
  priority: Generated<number>;
  exam_code: string | null;
  duration_minutes: number;
  notes: string | null;
  prep_instructions: string | null;
  walk_in: Generated<boolean>;
  booking_request_only: Generated<boolean>;
  show_booking_request_info_modal: Generated<boolean>;
  body_parts: ColumnType<string[], string[] | undefined, string[]>;
  active: Generated<boolean>;
  /** Walk-in settings (migration 002; docs/product/booking.md#data). */
  prep_time_minutes: Generated<number>;
  minutes_prior: Generated<number>;
  /**
   * Timed preparation (migration 013): a jsonb array of `{ minutesBefore, instruction }`
   * (the contract's preparationStepSchema), written as JSON text and read back parsed.
   */
  preparation_steps: ColumnType<
    Array<{ minutesBefore: number; instruction: string }>,
    string | undefined,
    string
  >;
}

export interface ExamGroupsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  sort_order: Generated<number>;
}

export interface ExamGroupExamsTable {
  exam_group_id: number;
  exam_id: number;
}

export interface ClinicExamsTable {
  clinic_id: number;
  exam_id: number;
  duration_minutes: number | null;
}

export interface ResourcesTable {
  id: Generated<number>;
  clinic_id: number;
  modality_id: number;
  slug: string;
  name: string;
  active: Generated<boolean>;
}

export interface ResourceExamsTable {
  resource_id: number;
  clinic_id: number;
  exam_id: number;
}

export interface ResourceSchedulesTable {
  id: Generated<number>;
  resource_id: number;
  weekday: number;
  start_time: string;
  end_time: string;
  valid_from: string;
  valid_to: string | null;
}

export interface ScheduleExceptionsTable {
  id: Generated<number>;
  clinic_id: number | null;
  resource_id: number | null;
  reason: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
}

export interface Database
  extends CatalogueTables,
    AttachmentTables,
    BookingTables,
    CallCentreTables,
    CheckInTables,
    ConsentFormTables,
    QuestionnaireTables,
    AuthenticationTables,
    ReminderTables,
    ResultsTables,
    IntegrationTables,
    PatientChangeTables,
    ReferrerTables,
    ReportFeedbackTables,
    SsoTables {
  provider_configurations: ProviderConfigurationsTable;
  regions: RegionsTable;
  clinics: ClinicsTable;
  clinic_opening_hours: ClinicOpeningHoursTable;
  postal_code_locations: PostalCodeLocationsTable;
  modalities: ModalitiesTable;
  exams: ExamsTable;
  exam_groups: ExamGroupsTable;
  exam_group_exams: ExamGroupExamsTable;
  clinic_exams: ClinicExamsTable;
  resources: ResourcesTable;
  resource_exams: ResourceExamsTable;
  resource_schedules: ResourceSchedulesTable;
  schedule_exceptions: ScheduleExceptionsTable;
}

/** What a repository function takes first: the database, or one open transaction on it. */
export type Db = Kysely<Database> | Transaction<Database>;

/**
 * A store's `transaction(work)` (ARCHITECTURE.md, "Dependencies"): `work` gets the store
 * bound to the transaction `db` already is, or to a new one.
 */
export function storeTransaction<Store, T>(
  db: Db,
  bind: (db: Db) => Store,
  work: (tx: Store) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(bind(db)) : db.transaction().execute((tx) => work(bind(tx)));
}
