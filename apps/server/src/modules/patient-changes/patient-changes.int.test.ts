import type {
  IntegrationPatientChange,
  PatientChangeResponse,
  PatientDetailsState,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bookAndSignIn,
  bookableExamWithStarts,
  providerWithPortal,
  requestAndSignIn,
} from '../../../test/factories/patient-portal.ts';
import { fixedClock } from '../../adapters/clock.ts';
import { apiKeys } from '../integration/index.ts';

// Patient detail change requests (docs/product/patient-detail-changes.md) on the real app and
// database: the patient's request never writes the record; the provider's accept does.
const clock = fixedClock('2026-03-02T00:00:00Z');

describe('patient detail change requests', () => {
  let testApp: TestApp;
  let key: string;
  let book: () => Promise<{ bookingKey: string; cookie: string }>;

  beforeAll(async () => {
    testApp = await buildTestApp({ clock, provider: providerWithPortal({}) });
    const { starts, exam, clinicSlug } = await bookableExamWithStarts(testApp.app);
    let next = 0;
    book = () =>
      bookAndSignIn(testApp.app, { examSlug: exam.slug, clinicSlug, start: starts[next++]! });
    key = (await apiKeys({ db: testApp.database.db, clock }).create('front-desk')).key;
  });
  afterAll(() => testApp?.close());

  const base = (bookingKey: string) => `/api/secured/appointments/${bookingKey}`;
  const state = async (bookingKey: string, cookie: string) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${base(bookingKey)}/patient_details`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PatientDetailsState;
  };
  const ask = (bookingKey: string, cookie: string, payload: unknown) =>
    testApp.app.inject({
      method: 'POST',
      url: `${base(bookingKey)}/patient_change_requests`,
      headers: { cookie },
      payload: payload as Record<string, unknown>,
    });
  const provider = (
    method: 'GET' | 'POST',
    url: string,
    authorization?: string | null,
    payload?: object,
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: authorization === null ? {} : { authorization: authorization ?? `Bearer ${key}` },
      ...(payload ? { payload } : {}),
    });
  const patientRow = (bookingKey: string) =>
    testApp.database.db
      .selectFrom('appointments')
      .innerJoin('patients', 'patients.id', 'appointments.patient_id')
      .select([
        'patients.email',
        'patients.contact_number',
        'patients.insurance_type_id',
        'patients.last_name',
      ])
      .where('appointments.booking_key', '=', bookingKey)
      .executeTakeFirstOrThrow();
  const requestCount = () =>
    testApp.database.db
      .selectFrom('patient_change_requests')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));

  it('stores a pending request with old and new values and leaves the record untouched', async () => {
    const patient = await book();
    const before = await state(patient.bookingKey, patient.cookie);
    expect(before.patientChangeDetails.pendingRequest).toBeNull();
    expect(before.patientChangeDetails.changeableFields).not.toContain('dateOfBirth');
    expect(before.ethnicities.length).toBeGreaterThan(0);
    expect(before.insuranceTypes.length).toBeGreaterThan(0);
    const oldEmail = before.patientChangeDetails.values.email;

    const response = await ask(patient.bookingKey, patient.cookie, {
      origin: 'APPOINTMENT',
      // lastName equals the record's: dropped.
      changes: { email: 'new.address@example.org', lastName: 'Example', insuranceTypeId: 2 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as PatientChangeResponse;
    expect(body.message).toBe('message.patient_request_success_message');
    expect(body.pendingRequest?.changes).toEqual([
      { field: 'email', oldValue: oldEmail, newValue: 'new.address@example.org' },
      { field: 'insuranceTypeId', oldValue: null, newValue: 2 },
    ]);
    expect(await patientRow(patient.bookingKey)).toMatchObject({
      email: oldEmail,
      insurance_type_id: null,
    });
    const after = await state(patient.bookingKey, patient.cookie);
    expect(after.patientChangeDetails.pendingRequest?.id).toBe(body.pendingRequest?.id);

    // A second one while it waits: refused, nothing stored.
    const second = await ask(patient.bookingKey, patient.cookie, {
      origin: 'APPOINTMENT',
      changes: { contactNumber: '0411 111 111' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('patient_details.error.request_pending');

    // The audit trail names the fields, never the values.
    const audit = await testApp.database.db
      .selectFrom('audit_events')
      .select(['actor', 'details'])
      .where('action', '=', 'patient-change.requested')
      .where('subject_id', '=', body.pendingRequest!.id)
      .executeTakeFirstOrThrow();
    expect(audit.actor).toBe('patient');
    expect(JSON.stringify(audit.details)).not.toContain('new.address');
  });

  it('a request left undecided past pendingRequestDays expires: not accepted, and the patient may ask again', async () => {
    const patient = await book();
    const asked = await ask(patient.bookingKey, patient.cookie, {
      origin: 'APPOINTMENT',
      changes: { contactNumber: '0433 333 333' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = (asked.json() as PatientChangeResponse).pendingRequest!.id;
    const before = (await patientRow(patient.bookingKey)).contact_number;
    // 30 days (config/patient-details.json's default) and a minute ago.
    await testApp.database.db
      .updateTable('patient_change_requests')
      .set({ requested_at: new Date(clock.now().getTime() - 30 * 86_400_000 - 60_000) })
      .where('id', '=', id)
      .execute();

    const accepted = await provider(
      'POST',
      `/api/integration/patient_change_requests/${id}/accept`,
    );
    expect(accepted.statusCode).toBe(409);
    expect((await patientRow(patient.bookingKey)).contact_number).toBe(before);
    const expired = await provider(
      'GET',
      '/api/integration/patient_change_requests?status=EXPIRED',
    );
    expect((expired.json().requests as IntegrationPatientChange[]).map((r) => r.id)).toContain(id);
    expect(
      (await state(patient.bookingKey, patient.cookie)).patientChangeDetails.pendingRequest,
    ).toBeNull();
    const audit = await testApp.database.db
      .selectFrom('audit_events')
      .select(['actor', 'details'])
      .where('action', '=', 'patient-change.expired')
      .where('subject_id', '=', id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe('system');
    expect(JSON.stringify(audit[0]!.details)).not.toContain('0433');

    const again = await ask(patient.bookingKey, patient.cookie, {
      origin: 'APPOINTMENT',
      changes: { contactNumber: '0433 333 333' },
    });
    expect(again.statusCode, again.body).toBe(201);
    // A request younger than the limit stays pending.
    expect(
      (await state(patient.bookingKey, patient.cookie)).patientChangeDetails.pendingRequest?.id,
    ).toBe((again.json() as PatientChangeResponse).pendingRequest!.id);
  });

  it('accept through the integration endpoint changes the record and e-mails the patient', async () => {
    const patient = await book();
    const asked = await ask(patient.bookingKey, patient.cookie, {
      origin: 'CONFIRMATION',
      changes: { contactNumber: '0422 222 222', lastName: 'Newname' },
    });
    const id = (asked.json() as PatientChangeResponse).pendingRequest!.id;

    const listed = await provider('GET', '/api/integration/patient_change_requests');
    expect(listed.statusCode, listed.body).toBe(200);
    const mine = (listed.json().requests as IntegrationPatientChange[]).find((r) => r.id === id);
    expect(mine).toMatchObject({
      status: 'PENDING',
      origin: 'CONFIRMATION',
      bookingKey: patient.bookingKey,
    });

    const accepted = await provider(
      'POST',
      `/api/integration/patient_change_requests/${id}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().request).toMatchObject({
      status: 'ACCEPTED',
      decidedBy: 'provider:front-desk',
      patient: { lastName: 'Newname' },
    });
    expect(await patientRow(patient.bookingKey)).toMatchObject({
      contact_number: '0422222222',
      last_name: 'Newname',
    });
    expect(
      (await state(patient.bookingKey, patient.cookie)).patientChangeDetails.pendingRequest,
    ).toBeNull();
    const mail = await testApp.database.db
      .selectFrom('outbox_messages')
      .select(['recipient', 'body_text'])
      .where('template', '=', 'PATIENT_CHANGE_ACCEPTED')
      .execute();
    expect(mail.length).toBeGreaterThan(0);
    expect(mail.map((m) => m.body_text).join()).not.toContain('0422222222');

    // Decided once only.
    const again = await provider('POST', `/api/integration/patient_change_requests/${id}/accept`);
    expect(again.statusCode).toBe(409);
  });

  it('refuses to accept when the record no longer holds an old value, and changes nothing', async () => {
    const patient = await book();
    const asked = await ask(patient.bookingKey, patient.cookie, {
      origin: 'APPOINTMENT',
      changes: { email: 'stale@example.org', suburb: 'Parramatta' },
    });
    const id = (asked.json() as PatientChangeResponse).pendingRequest!.id;
    // The clinic changed the e-mail meanwhile (its own system, straight in the record).
    await testApp.database.db
      .updateTable('patients')
      .set({ email: 'clinic.changed@example.org' })
      .where(
        'id',
        '=',
        (
          await testApp.database.db
            .selectFrom('patient_change_requests')
            .select('patient_id')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).patient_id,
      )
      .execute();

    const accepted = await provider(
      'POST',
      `/api/integration/patient_change_requests/${id}/accept`,
    );
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error.code).toBe('CONFLICT');
    expect(await patientRow(patient.bookingKey)).toMatchObject({
      email: 'clinic.changed@example.org',
    });
    const row = await testApp.database.db
      .selectFrom('patients')
      .innerJoin('patient_change_requests', 'patient_change_requests.patient_id', 'patients.id')
      .select(['patients.suburb', 'patient_change_requests.status'])
      .where('patient_change_requests.id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ suburb: null, status: 'PENDING' });
  });

  it('reject and withdraw leave nothing pending; only the own pending request can be withdrawn', async () => {
    const patient = await book();
    const first = await ask(patient.bookingKey, patient.cookie, {
      origin: 'APPOINTMENT',
      changes: { title: 'Dr' },
    });
    const firstId = (first.json() as PatientChangeResponse).pendingRequest!.id;
    const rejected = await provider(
      'POST',
      `/api/integration/patient_change_requests/${firstId}/reject`,
      undefined,
      {
        note: 'Please bring your certificate.',
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().request).toMatchObject({
      status: 'REJECTED',
      decisionNote: 'Please bring your certificate.',
    });
    expect(
      (await state(patient.bookingKey, patient.cookie)).patientChangeDetails.pendingRequest,
    ).toBeNull();

    const second = await ask(patient.bookingKey, patient.cookie, {
      origin: 'APPOINTMENT',
      changes: { state: 'NSW' },
    });
    const secondId = (second.json() as PatientChangeResponse).pendingRequest!.id;

    // Another patient's session cannot withdraw it (it reads as none).
    const other = await book();
    const foreign = await testApp.app.inject({
      method: 'DELETE',
      url: `${base(other.bookingKey)}/patient_change_requests/${secondId}`,
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(404);

    const withdrawn = await testApp.app.inject({
      method: 'DELETE',
      url: `${base(patient.bookingKey)}/patient_change_requests/${secondId}`,
      headers: { cookie: patient.cookie },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({
      message: 'patient_details.withdrawn',
      pendingRequest: null,
    });
    expect(
      (await state(patient.bookingKey, patient.cookie)).patientChangeDetails.pendingRequest,
    ).toBeNull();
    const twice = await testApp.app.inject({
      method: 'DELETE',
      url: `${base(patient.bookingKey)}/patient_change_requests/${secondId}`,
      headers: { cookie: patient.cookie },
    });
    expect(twice.statusCode).toBe(409);
    // A withdrawn request cannot be accepted afterwards.
    expect(
      (await provider('POST', `/api/integration/patient_change_requests/${secondId}/accept`))
        .statusCode,
    ).toBe(409);
  });

  it('the integration endpoints refuse calls without the provider key or with a wrong one', async () => {
    const patient = await book();
    const asked = await ask(patient.bookingKey, patient.cookie, {
      origin: 'APPOINTMENT',
      changes: { suburb: 'Bondi' },
    });
    const id = (asked.json() as PatientChangeResponse).pendingRequest!.id;
    for (const authorization of [null, 'Bearer pk_wrong', `Bearer ${key}x`, key]) {
      expect(
        (await provider('GET', '/api/integration/patient_change_requests', authorization))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await provider(
            'POST',
            `/api/integration/patient_change_requests/${id}/accept`,
            authorization,
          )
        ).statusCode,
      ).toBe(401);
      expect(
        (
          await provider(
            'POST',
            `/api/integration/patient_change_requests/${id}/reject`,
            authorization,
          )
        ).statusCode,
      ).toBe(401);
    }
    // The patient's session is no provider key either.
    const withCookie = await testApp.app.inject({
      method: 'POST',
      url: `/api/integration/patient_change_requests/${id}/accept`,
      headers: { cookie: patient.cookie },
    });
    expect(withCookie.statusCode).toBe(401);
    const row = await testApp.database.db
      .selectFrom('patient_change_requests')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('PENDING');
    await provider('POST', `/api/integration/patient_change_requests/${id}/reject`);
  });

  it("another key's session is refused, and a booking request's patient asks under its own path", async () => {
    const patient = await book();
    const other = await book();
    const foreign = await testApp.app.inject({
      method: 'GET',
      url: `${base(patient.bookingKey)}/patient_details`,
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(401);
    const foreignPost = await ask(patient.bookingKey, other.cookie, {
      origin: 'APPOINTMENT',
      changes: { suburb: 'X' },
    });
    expect(foreignPost.statusCode).toBe(401);

    const { exam, clinicSlug } = await bookableExamWithStarts(testApp.app);
    const request = await requestAndSignIn(testApp.app, { examSlugs: [exam.slug], clinicSlug });
    const url = `/api/secured/booking_requests/${request.bookingKey}`;
    const got = await testApp.app.inject({
      method: 'GET',
      url: `${url}/patient_details`,
      headers: { cookie: request.cookie },
    });
    expect(got.statusCode, got.body).toBe(200);
    const posted = await testApp.app.inject({
      method: 'POST',
      url: `${url}/patient_change_requests`,
      headers: { cookie: request.cookie },
      payload: { origin: 'BOOKING_REQUEST', changes: { streetAddress: '1 Example St' } },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    // The appointment path is not this key's kind of page.
    const wrongKind = await ask(request.bookingKey, request.cookie, {
      origin: 'APPOINTMENT',
      changes: { suburb: 'Y' },
    });
    expect(wrongKind.statusCode).toBe(401);
  });

  it('refuses bad input with a 4xx and stores nothing', async () => {
    const patient = await book();
    const before = await requestCount();
    const cases: Array<[unknown, number]> = [
      [{ origin: 'APPOINTMENT', changes: { dateOfBirth: '1990-01-01' } }, 400],
      [{ origin: 'APPOINTMENT', changes: { favouriteColour: 'blue' } }, 400],
      [{ origin: 'APPOINTMENT', changes: { email: 'not-an-email' } }, 400],
      [{ origin: 'APPOINTMENT', changes: { contactNumber: '12' } }, 400],
      [{ origin: 'APPOINTMENT', changes: { ethnicityId: 'one' } }, 400],
      [{ origin: 'APPOINTMENT', changes: { firstName: null } }, 400],
      [{ origin: 'APPOINTMENT', changes: { suburb: 'x'.repeat(10_000) } }, 400],
      [{ origin: 'ELSEWHERE', changes: { suburb: 'Bondi' } }, 400],
      [{ origin: 'APPOINTMENT', changes: {} }, 422],
      [{ origin: 'APPOINTMENT', changes: { ethnicityId: 999 } }, 422],
      [{ origin: 'APPOINTMENT', changes: { lastName: 'Example' } }, 422],
      ['not json at all', 415],
    ];
    for (const [payload, status] of cases) {
      const response = await ask(patient.bookingKey, patient.cookie, payload);
      expect(response.statusCode, `${JSON.stringify(payload).slice(0, 80)}: ${response.body}`).toBe(
        status,
      );
      expect(response.json().error.code).toBeTruthy();
    }
    expect(await requestCount()).toBe(before);
    const bad = await provider(
      'POST',
      '/api/integration/patient_change_requests/not-a-uuid/accept',
    );
    expect(bad.statusCode).toBe(400);
    const unknown = await provider(
      'POST',
      '/api/integration/patient_change_requests/00000000-0000-4000-8000-000000000000/accept',
    );
    expect(unknown.statusCode).toBe(404);
  });
});
