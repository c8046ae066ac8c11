import { type Kysely, sql } from 'kysely';

/**
 * The foundation schema: provider configuration, places (regions, clinics,
 * postal codes), the exam catalogue, and resources with their schedules.
 * Plain SQL, one statement at a time, so PGlite and PostgreSQL run exactly
 * the same text.
 */
const up: string[] = [
  // Later migrations guard appointments with exclusion constraints over time ranges.
  'CREATE EXTENSION IF NOT EXISTS btree_gist',

  `CREATE TABLE provider_configurations (
    name text PRIMARY KEY CHECK (name IN ('application', 'integration', 'body-figure', 'radiology', 'booking', 'terms')),
    value jsonb NOT NULL,
    loaded_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE regions (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    name text NOT NULL CHECK (length(name) > 0),
    sort_order integer NOT NULL DEFAULT 0
  )`,

  `CREATE TABLE clinics (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    name text NOT NULL CHECK (length(name) > 0),
    region_id integer NOT NULL REFERENCES regions (id),
    address text NOT NULL,
    suburb text NOT NULL,
    state text NOT NULL,
    postal_code text NOT NULL,
    phone text,
    email text CHECK (email IS NULL OR email ~ '^[^@\\s]+@[^@\\s]+$'),
    latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    time_zone text NOT NULL CHECK (time_zone ~ '^[A-Za-z]+(/[A-Za-z0-9_+-]+)+$'),
    active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  'CREATE INDEX clinics_region_id_idx ON clinics (region_id)',

  `CREATE TABLE clinic_opening_hours (
    clinic_id integer NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
    weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
    opens time NOT NULL,
    closes time NOT NULL,
    PRIMARY KEY (clinic_id, weekday, opens),
    CHECK (closes > opens)
  )`,

  `CREATE TABLE postal_code_locations (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    code text NOT NULL CHECK (code ~ '^[A-Za-z0-9 -]{3,10}$'),
    country text NOT NULL DEFAULT 'AU' CHECK (country ~ '^[A-Z]{2}$'),
    suburb text NOT NULL,
    state text NOT NULL,
    latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    UNIQUE (country, code, suburb)
  )`,
  'CREATE INDEX postal_code_locations_code_idx ON postal_code_locations (code)',

  `CREATE TABLE modalities (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z]{2,4}$'),
    name text NOT NULL,
    sort_order integer NOT NULL DEFAULT 0
  )`,

  `CREATE TABLE exams (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    name text NOT NULL CHECK (length(name) > 0),
    modality_id integer NOT NULL REFERENCES modalities (id),
    priority integer NOT NULL DEFAULT 0,
    exam_code text UNIQUE,
    duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 5 AND 480),
    notes text,
    prep_instructions text,
    walk_in boolean NOT NULL DEFAULT false,
    booking_request_only boolean NOT NULL DEFAULT false,
    show_booking_request_info_modal boolean NOT NULL DEFAULT false,
    body_parts text[] NOT NULL DEFAULT '{}',
    active boolean NOT NULL DEFAULT true,
    CHECK (NOT (walk_in AND booking_request_only))
  )`,
  'CREATE INDEX exams_modality_id_idx ON exams (modality_id)',

  `CREATE TABLE exam_groups (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    name text NOT NULL,
    sort_order integer NOT NULL DEFAULT 0
  )`,

  `CREATE TABLE exam_group_exams (
    exam_group_id integer NOT NULL REFERENCES exam_groups (id) ON DELETE CASCADE,
    exam_id integer NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
    PRIMARY KEY (exam_group_id, exam_id)
  )`,

  `CREATE TABLE clinic_exams (
    clinic_id integer NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
    exam_id integer NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
    duration_minutes integer CHECK (duration_minutes BETWEEN 5 AND 480),
    PRIMARY KEY (clinic_id, exam_id)
  )`,
  'CREATE INDEX clinic_exams_exam_id_idx ON clinic_exams (exam_id)',

  `CREATE TABLE resources (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    clinic_id integer NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
    modality_id integer NOT NULL REFERENCES modalities (id),
    slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    name text NOT NULL,
    active boolean NOT NULL DEFAULT true,
    UNIQUE (clinic_id, slug),
    -- Target of resource_exams' composite key: a resource only performs exams its own clinic offers.
    UNIQUE (id, clinic_id)
  )`,

  `CREATE TABLE resource_exams (
    resource_id integer NOT NULL,
    clinic_id integer NOT NULL,
    exam_id integer NOT NULL,
    PRIMARY KEY (resource_id, exam_id),
    FOREIGN KEY (resource_id, clinic_id) REFERENCES resources (id, clinic_id) ON DELETE CASCADE,
    FOREIGN KEY (clinic_id, exam_id) REFERENCES clinic_exams (clinic_id, exam_id) ON DELETE CASCADE
  )`,
  'CREATE INDEX resource_exams_exam_id_idx ON resource_exams (exam_id)',

  `CREATE TABLE resource_schedules (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    resource_id integer NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
    weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
    start_time time NOT NULL,
    end_time time NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    CHECK (end_time > start_time),
    CHECK (valid_to IS NULL OR valid_to >= valid_from),
    UNIQUE (resource_id, weekday, start_time, valid_from)
  )`,

  `CREATE TABLE schedule_exceptions (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    clinic_id integer REFERENCES clinics (id) ON DELETE CASCADE,
    resource_id integer REFERENCES resources (id) ON DELETE CASCADE,
    reason text NOT NULL,
    starts_at timestamptz NOT NULL,
    ends_at timestamptz NOT NULL,
    -- A closure applies to a whole clinic or to one resource, never both or neither.
    CHECK (num_nonnulls(clinic_id, resource_id) = 1),
    CHECK (ends_at > starts_at),
    UNIQUE NULLS NOT DISTINCT (clinic_id, resource_id, starts_at)
  )`,
  'CREATE INDEX schedule_exceptions_clinic_idx ON schedule_exceptions (clinic_id, starts_at)',
  'CREATE INDEX schedule_exceptions_resource_idx ON schedule_exceptions (resource_id, starts_at)',
];

const down = [
  'schedule_exceptions',
  'resource_schedules',
  'resource_exams',
  'resources',
  'clinic_exams',
  'exam_group_exams',
  'exam_groups',
  'exams',
  'modalities',
  'postal_code_locations',
  'clinic_opening_hours',
  'clinics',
  'regions',
  'provider_configurations',
].map((table) => `DROP TABLE IF EXISTS ${table}`);

export const migration001 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
