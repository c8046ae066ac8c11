import type { PatientDetailsState, PendingPatientChange } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { appointmentOf, appointmentPageApi, callsTo, portalKey, summaryOf } from '../testing.ts';

// The patient's details card and the "Update my details" modal
// (docs/product/patient-detail-changes.md) on the appointment page.
const slow = { timeout: 20_000 };
const base = `/api/secured/appointments/${portalKey}`;
const detailsPath = `${base}/patient_details`;
const requestsPath = `${base}/patient_change_requests`;

const pendingRequest: PendingPatientChange = {
  id: '7d3f1a52-8c1e-4b7a-9f00-2a6c0c7e9d11',
  origin: 'APPOINTMENT',
  requestedAt: '2031-05-01T00:00:00Z',
  changes: [
    { field: 'email', oldValue: 'alex@example.org', newValue: 'alex.new@example.org' },
    { field: 'insuranceTypeId', oldValue: null, newValue: 2 },
  ],
};

function stateOf(overrides: Partial<PatientDetailsState['patientChangeDetails']> = {}) {
  return {
    patientChangeDetails: {
      changeableFields: [
        'firstName',
        'lastName',
        'email',
        'contactNumber',
        'postalCode',
        'insuranceTypeId',
        'ethnicityId',
      ],
      values: {
        firstName: 'Alex',
        lastName: 'Citizen',
        email: 'alex@example.org',
        contactNumber: '0400000000',
        postalCode: '6000',
        insuranceTypeId: null,
        ethnicityId: null,
      },
      requiredFields: [],
      suggestedInsuranceTypeId: null,
      pendingRequest: null,
      ...overrides,
    },
    ethnicities: [{ id: 4, name: 'patient_details.ethnicity.neither' }],
    insuranceTypes: [
      { id: 1, name: 'patient_details.insurance_type.medicare' },
      { id: 2, name: 'Acme Health Fund' },
    ],
  } satisfies PatientDetailsState;
}

function renderPage(api: Record<string, () => Response>) {
  return renderApp(`/appointments/${portalKey}`, {
    api: { ...appointmentPageApi(), [base]: () => summaryOf(appointmentOf()), ...api },
  });
}

describe('update my details', slow, () => {
  it('prefills the current values, sends only what changed and shows the success messages', async () => {
    let state = stateOf();
    const { user, fetchMock } = await renderPage({
      [detailsPath]: () => jsonResponse(state),
      [requestsPath]: () => {
        state = stateOf({ pendingRequest });
        return jsonResponse(
          { message: 'message.patient_request_success_message', pendingRequest },
          201,
        );
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Update my details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update my details' });
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Alex');
    expect(within(dialog).getByLabelText('Email address')).toHaveValue('alex@example.org');
    expect(within(dialog).getByLabelText('Insurance type')).toHaveValue('');

    const email = within(dialog).getByLabelText('Email address');
    await user.clear(email);
    await user.type(email, 'alex.new@example.org');
    await user.selectOptions(within(dialog).getByLabelText('Insurance type'), 'Acme Health Fund');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    const done = await screen.findByRole('dialog', { name: 'Request sent' });
    expect(done).toHaveTextContent('The clinic will check your new details');
    expect(callsTo(fetchMock, requestsPath)).toEqual([
      {
        method: 'POST',
        query: {},
        body: {
          origin: 'APPOINTMENT',
          changes: { email: 'alex.new@example.org', insuranceTypeId: 2 },
        },
      },
    ]);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    // The pending request, field by field, old → new.
    expect(await screen.findByText('Requested changes waiting for the clinic')).toBeInTheDocument();
    expect(screen.getByText('alex@example.org → alex.new@example.org')).toBeInTheDocument();
    expect(screen.getByText('(none) → Acme Health Fund')).toBeInTheDocument();
  });

  it('checks the fields, refuses to send nothing, and shows the server refusal under the error title', async () => {
    const { user, fetchMock } = await renderPage({
      [detailsPath]: () => jsonResponse(stateOf()),
      [requestsPath]: () => errorResponse(409, 'patient_details.error.request_pending'),
    });
    await user.click(await screen.findByRole('button', { name: 'Update my details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update my details' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText(/Nothing has changed/)).toBeInTheDocument();

    const email = within(dialog).getByLabelText('Email address');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByLabelText('Email address')).toHaveAccessibleDescription(
      /Enter an email address/,
    );
    expect(within(dialog).getByLabelText('Email address')).toHaveFocus();
    expect(callsTo(fetchMock, requestsPath)).toEqual([]);

    await user.clear(email);
    await user.type(email, 'alex.new@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your request could not be sent');
    expect(alert).toHaveTextContent('You already have a request waiting for the clinic');
  });

  it('says the default message when the server gives none it can say', async () => {
    const { user } = await renderPage({
      [detailsPath]: () => jsonResponse(stateOf()),
      [requestsPath]: () => errorResponse(500, 'INTERNAL_ERROR'),
    });
    await user.click(await screen.findByRole('button', { name: 'Update my details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update my details' });
    await user.type(within(dialog).getByLabelText('Last name'), 'son');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your request could not be sent');
    expect(alert).toHaveTextContent('Something went wrong sending your request');
  });

  it('prefills the insurance type an answer named, and withdraws a pending request', async () => {
    let state = stateOf({ pendingRequest });
    const { user, fetchMock } = await renderPage({
      [detailsPath]: () => jsonResponse(state),
      [`${requestsPath}/${pendingRequest.id}`]: () => {
        state = stateOf({ suggestedInsuranceTypeId: 1 });
        return jsonResponse({ message: 'patient_details.withdrawn', pendingRequest: null });
      },
    });
    expect(await screen.findByText('Requested changes waiting for the clinic')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update my details' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Withdraw request' }));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('status')
          .some((s) => s.textContent?.includes('Your request has been withdrawn.')),
      ).toBe(true),
    );
    expect(callsTo(fetchMock, `${requestsPath}/${pendingRequest.id}`)).toMatchObject([
      { method: 'DELETE' },
    ]);
    expect(screen.getByRole('heading', { name: 'Your details' })).toHaveFocus();

    await user.click(await screen.findByRole('button', { name: 'Update my details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update my details' });
    expect(within(dialog).getByLabelText('Insurance type')).toHaveValue('1');
    expect(within(dialog).getByLabelText('Insurance type')).toHaveAccessibleDescription(
      /Filled in from your answers/,
    );
  });
});
