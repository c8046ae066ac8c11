import pg from 'pg';

/**
 * The benchmark's scale (docs/benchmarks.md): at least 60 clinics, 300 resources, 90 days,
 * 200,000 appointments.
 */
export const scale = {
  clinics: 60,
  resourcesPerClinic: 5,
  horizonDays: 90,
  appointmentsPerResourceDay: 8,
  patients: 50_000,
} as const;

/** Drops and creates the benchmark database next to the one named by `adminUrl`. */
export async function recreateDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Fills a migrated, empty database with a large provider: 60 clinics in three time
 * zones, 5 resources each (one per modality of the clinic's mix), weekday and Saturday
 * schedules, and 8 booked appointments per resource per day for 90 days (216,000).
 * Booked times leave gaps between them, so slot search still has to compute real
 * availability from schedules minus bookings.
 */
export async function generateDataset(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const run = (text: string) => client.query(text);
  try {
    await run('BEGIN');
    await run(`INSERT INTO regions (slug, name, sort_order, latitude, longitude) VALUES
      ('bench-sydney', 'Sydney', 1, -33.87, 151.21),
      ('bench-brisbane', 'Brisbane', 2, -27.47, 153.03),
      ('bench-perth', 'Perth', 3, -31.95, 115.86)`);
    await run(`INSERT INTO modalities (slug, code, name, sort_order) VALUES
      ('x-ray', 'XR', 'X-ray', 1), ('ct', 'CT', 'CT', 2), ('mri', 'MR', 'MRI', 3),
      ('ultrasound', 'US', 'Ultrasound', 4), ('mammography', 'MG', 'Mammography', 5)`);
    // 8 exams per modality, 15-60 minutes.
    await run(`INSERT INTO exams (slug, name, modality_id, priority, exam_code, duration_minutes, body_parts)
      SELECT m.slug || '-exam-' || n, m.name || ' exam ' || n, m.id, n, 'B' || m.id || n,
             (ARRAY[15, 20, 30, 45, 60])[1 + (n + m.id) % 5], '{}'
      FROM modalities m CROSS JOIN generate_series(1, 8) AS n`);
    await run(`INSERT INTO clinics (slug, name, region_id, address, suburb, state, postal_code,
        phone, email, latitude, longitude, time_zone)
      SELECT 'bench-clinic-' || c, 'Bench clinic ' || c, r.id, c || ' Test Street', 'Suburb ' || c,
             (ARRAY['NSW', 'QLD', 'WA'])[1 + c % 3], lpad((2000 + c)::text, 4, '0'), '0255550' || lpad(c::text, 3, '0'),
             NULL, r.latitude + (c % 10) * 0.02, r.longitude + (c / 10) * 0.02,
             (ARRAY['Australia/Sydney', 'Australia/Brisbane', 'Australia/Perth'])[1 + c % 3]
      FROM generate_series(0, ${scale.clinics - 1}) AS c
      JOIN regions r ON r.sort_order = 1 + c % 3`);
    await run(`INSERT INTO clinic_exams (clinic_id, exam_id, duration_minutes)
      SELECT c.id, e.id, NULL FROM clinics c CROSS JOIN exams e`);
    await run(`INSERT INTO resources (clinic_id, modality_id, slug, name)
      SELECT c.id, m.id, c.slug || '-' || m.slug, m.name || ' room'
      FROM clinics c CROSS JOIN modalities m`);
    await run(`INSERT INTO resource_exams (resource_id, clinic_id, exam_id)
      SELECT r.id, r.clinic_id, e.id FROM resources r JOIN exams e ON e.modality_id = r.modality_id`);
    await run(`INSERT INTO resource_schedules (resource_id, weekday, start_time, end_time, valid_from, valid_to)
      SELECT r.id, d, '07:00', CASE WHEN d = 6 THEN '12:00'::time ELSE '19:00'::time END, current_date - 1, NULL
      FROM resources r CROSS JOIN generate_series(1, 6) AS d`);
    await run(`INSERT INTO patients (first_name, last_name, date_of_birth, sex, email, contact_number, postal_code)
      SELECT 'Bench', 'Patient' || p, date '1950-01-01' + (p % 20000), (ARRAY['FEMALE', 'MALE', 'INDETERMINATE'])[1 + p % 3],
             'patient' || p || '@bench.example', '04' || lpad(p::text, 8, '0'), '2000'
      FROM generate_series(1, ${scale.patients}) AS p`);
    await run(`CREATE TEMP TABLE bench_patients ON COMMIT DROP AS
      SELECT id, row_number() OVER (ORDER BY id) AS n FROM patients`);
    // Appointment k of a resource's day starts at 07:00 + 90 min * k (clinic-local), lasting
    // its exam's duration: 8 a day, every day of the horizon, open or not.
    await run(`CREATE TEMP TABLE bench_appointments ON COMMIT DROP AS
      SELECT gen_random_uuid() AS id, r.id AS resource_id, r.clinic_id, e.id AS exam_id,
             ((current_date + d) + time '07:00' + make_interval(mins => 90 * k)) AT TIME ZONE c.time_zone AS starts_at,
             e.duration_minutes,
             replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') AS booking_key,
             row_number() OVER () AS n
      FROM resources r
      JOIN clinics c ON c.id = r.clinic_id
      CROSS JOIN generate_series(1, ${scale.horizonDays}) AS d
      CROSS JOIN generate_series(0, ${scale.appointmentsPerResourceDay - 1}) AS k
      JOIN LATERAL (SELECT id, duration_minutes FROM exams WHERE modality_id = r.modality_id ORDER BY id
                    OFFSET (d + k) % 8 LIMIT 1) e ON true`);
    await run(`INSERT INTO booking_keys (key, status, created_at, expires_at, used_at)
      SELECT booking_key, 'USED', now(), now() + interval '1 day', now()
      FROM bench_appointments`);
    await run(`INSERT INTO appointments (id, booking_key, exam_id, clinic_id, resource_id, starts_at, ends_at, status, patient_id)
      SELECT a.id, a.booking_key, a.exam_id, a.clinic_id, a.resource_id, a.starts_at,
             a.starts_at + make_interval(mins => a.duration_minutes), 'BOOKED', p.id
      FROM bench_appointments a
      JOIN bench_patients p ON p.n = 1 + a.n % ${scale.patients}`);
    await run(`INSERT INTO resource_bookings (resource_id, period, kind, appointment_id)
      SELECT resource_id, tstzrange(starts_at, ends_at, '[)'), 'APPOINTMENT', id FROM appointments`);
    await run('COMMIT');
    // A database that gathered these bookings over months has been vacuumed along the way
    // (visibility map set, statistics current); without this the load below would also
    // measure the autovacuum that a 216,000-row bulk insert sets off.
    await run('VACUUM ANALYZE');
    const counts: Record<string, number> = {};
    for (const table of ['clinics', 'resources', 'exams', 'appointments', 'resource_bookings']) {
      const result = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
      counts[table] = result.rows[0].n as number;
    }
    return counts;
  } catch (error) {
    await run('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
