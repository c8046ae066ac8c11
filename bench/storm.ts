import http from 'node:http';
import type { CreateAppointmentsResponse, NewBookingKeyResponse, Slot } from '@portal/contract';
import pg from 'pg';

export interface StormResult {
  clients: number;
  slots: number;
  created: number;
  conflicts: number;
  otherFailures: number;
  serverErrors: number;
  overlapsInDatabase: number;
  appointmentsInSlots: number;
  p50Ms: number;
  p99Ms: number;
  unclearLosers: number;
}

const patientDetails = (index: number) => ({
  firstName: 'Storm',
  lastName: `Client${index}`,
  dateOfBirth: '1980-05-17',
  sex: 'FEMALE',
  email: `storm${index}@bench.example`,
  contactNumber: '0400000000',
  postalCode: '2000',
});

const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
};

/**
 * A light client: node:http on kept-alive sockets with the body serialised
 * before the clock starts, so the storm measures the portal, not fetch's own
 * overhead on the same two cores. The booking keys are taken over the same
 * sockets first, so the storm itself opens no connection.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

function postJson<T>(url: string, body: unknown): Promise<{ status: number; body: T; ms: number }> {
  const payload = Buffer.from(JSON.stringify(body ?? {}));
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const ms = performance.now() - started;
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as T,
            ms,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * `clients` browsers race for `slots.length` slots at the same moment: each takes a
 * booking key, then all post their appointment together. Exactly one per slot may win.
 */
export async function bookingStorm(
  portalUrl: string,
  databaseUrl: string,
  slots: Slot[],
  clients = 200,
): Promise<StormResult> {
  const keys = await Promise.all(
    Array.from({ length: clients }, () =>
      postJson<NewBookingKeyResponse>(`${portalUrl}/api/booking-keys`, {}).then(
        (r) => r.body.bookingKey,
      ),
    ),
  );
  const outcomes = await Promise.all(
    keys.map(async (bookingKey, index) => {
      const slot = slots[index % slots.length] as Slot;
      const response = await postJson<
        CreateAppointmentsResponse & { error?: { code: string; message: string } }
      >(`${portalUrl}/api/appointments`, {
        bookingKey,
        items: [{ examSlug: slot.examSlug, clinicSlug: slot.clinicSlug, start: slot.start }],
        patientDetails: patientDetails(index),
      });
      return { status: response.status, body: response.body, ms: response.ms };
    }),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const overlaps = await client.query(`SELECT count(*)::int AS n FROM resource_bookings a
      JOIN resource_bookings b ON a.resource_id = b.resource_id AND a.id < b.id AND a.period && b.period`);
    const inSlots = await client.query(
      'SELECT count(*)::int AS n FROM appointments WHERE starts_at = ANY($1::timestamptz[]) AND patient_id IN (SELECT id FROM patients WHERE email LIKE $2)',
      [slots.map((slot) => slot.start), 'storm%@bench.example'],
    );
    const conflicts = outcomes.filter((o) => o.status === 409);
    return {
      clients,
      slots: slots.length,
      created: outcomes.filter((o) => o.status === 200 || o.status === 201).length,
      conflicts: conflicts.length,
      otherFailures: outcomes.filter((o) => o.status >= 400 && o.status < 500 && o.status !== 409)
        .length,
      serverErrors: outcomes.filter((o) => o.status >= 500).length,
      overlapsInDatabase: overlaps.rows[0].n as number,
      appointmentsInSlots: inSlots.rows[0].n as number,
      p50Ms: percentile(
        outcomes.map((o) => o.ms),
        0.5,
      ),
      p99Ms: percentile(
        outcomes.map((o) => o.ms),
        0.99,
      ),
      // A loser is told clearly: a 409 with the SLOT_UNAVAILABLE code and a message.
      unclearLosers: conflicts.filter(
        (o) => o.body.error?.code !== 'SLOT_UNAVAILABLE' || !o.body.error?.message,
      ).length,
    };
  } finally {
    await client.end();
  }
}
