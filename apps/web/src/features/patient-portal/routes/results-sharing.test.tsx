import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { callsTo, portalConfig, portalKey } from '../testing.ts';
import {
  answerByMethod,
  ownerPageApi,
  resultId,
  shareId,
  shareOf,
  sharesPath,
} from './results-testing.ts';

const slow = { timeout: 30_000 };
const sharesList = (...shares: ReturnType<typeof shareOf>[]) => jsonResponse({ shares });

async function openShareModal(config = portalConfig()) {
  const rendered = await renderApp(`/appointments/${portalKey}/result`, {
    api: ownerPageApi(config),
  });
  answerByMethod(rendered.fetchMock, sharesPath, {
    get: () => sharesList(shareOf()),
    post: () => jsonResponse(shareOf({ id: '9d1f2b7e-0c3a-4e5f-8a6b-7c8d9e0f1a2b' }), 201),
  });
  await rendered.user.click(
    await screen.findByRole('button', { name: 'Share this result: CT head' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Share results' });
  return { ...rendered, dialog };
}

describe('share results modal', slow, () => {
  it('checks the contact: required, then an e-mail address when SMS sharing is off', async () => {
    const { user, dialog, fetchMock } = await openShareModal();
    expect(within(dialog).getByText(/sharing your CT head result of 6 May 2031/)).toBeVisible();
    const contact = within(dialog).getByRole('textbox', { name: 'Their email address' });
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(contact).toHaveFocus();
    expect(contact).toHaveAccessibleDescription(
      expect.stringContaining('Enter the email address to share with'),
    );
    await user.type(contact, '0412345678');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(contact).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(/like name@example.com/)).toBeInTheDocument();
    expect(callsTo(fetchMock, sharesPath).filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('takes a mobile number with SMS sharing on and counts the note down', async () => {
    const config = portalConfig({
      results: {
        shareBySmsEnabled: true,
        shareNoteMaxLength: 20,
        shareExpiryDefaultDays: 14,
        shareExpiryMaxDays: 30,
      },
    });
    const { user, dialog, fetchMock } = await openShareModal(config);
    const contact = within(dialog).getByRole('textbox', {
      name: 'Their email address or mobile number',
    });
    await user.type(contact, 'not a contact');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(within(dialog).getByText(/or a mobile number of 9 to 15 digits/)).toBeInTheDocument();

    await user.clear(contact);
    await user.type(contact, '+61 412 345 678');
    await user.type(within(dialog).getByRole('textbox', { name: 'Their name (optional)' }), 'Sam');
    const note = within(dialog).getByRole('textbox', { name: 'A note for them (optional)' });
    await user.type(note, 'For Monday');
    expect(note).toHaveAccessibleDescription('You have 10 characters left');
    await user.type(note, ' appointment!');
    expect(note).toHaveAccessibleDescription(
      expect.stringContaining('You have 3 characters too many'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(note).toHaveFocus();
    await user.clear(note);
    await user.type(note, 'For Monday');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'How long they can see it' }),
      '7 days',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await screen.findByRole('dialog', { name: 'Results shared' });
    expect(callsTo(fetchMock, sharesPath).find((call) => call.method === 'POST')?.body).toEqual({
      contactDetails: '+61412345678',
      contactDetailsType: 'PHONE',
      contactName: 'Sam',
      note: 'For Monday',
      type: 'RESULT',
      appointmentId: resultId,
      expiresInDays: 7,
    });
  });

  it('shares by e-mail, closes and says message.results_shared', async () => {
    const { user, dialog, fetchMock } = await openShareModal();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Their email address' }),
      'gp@clinic.example',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    const shared = await screen.findByRole('dialog', { name: 'Results shared' });
    expect(shared).toHaveTextContent('Your results have been shared.');
    expect(screen.queryByRole('dialog', { name: 'Share results' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, sharesPath).find((call) => call.method === 'POST')?.body).toEqual({
      contactDetails: 'gp@clinic.example',
      contactDetailsType: 'EMAIL',
      type: 'RESULT',
      appointmentId: resultId,
      expiresInDays: 14,
    });
    await user.click(within(shared).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Share this result: CT head' })).toHaveFocus(),
    );
  });

  it('shows the server refusing the contact on the field', async () => {
    const { user, dialog, fetchMock } = await openShareModal();
    answerByMethod(fetchMock, sharesPath, {
      post: () => errorResponse(422, 'INVALID_CONTACT_DETAILS'),
    });
    const contact = within(dialog).getByRole('textbox', { name: 'Their email address' });
    await user.type(contact, 'gp@clinic.example');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(contact).toHaveAttribute('aria-invalid', 'true'));
    expect(contact).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid email address'),
    );
  });

  it('lists the shared access in a focusable region, with the accesses', async () => {
    const { dialog } = await openShareModal();
    const region = await within(dialog).findByRole('region', { name: 'Who you have shared with' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(
      within(region).getByRole('heading', { name: 'Dr Lee (gp@clinic.example)' }),
    ).toBeVisible();
    expect(within(region).getByText('Your CT head result')).toBeInTheDocument();
    expect(within(region).getByText(/203\.0\.113\.7, Safari · iOS/)).toBeInTheDocument();
    expect(within(region).getByText('Until:')).toBeInTheDocument();
  });

  it('revokes after asking, then closes and says so', async () => {
    const { user, dialog, fetchMock } = await openShareModal();
    answerByMethod(fetchMock, `${sharesPath}/${shareId}`, {
      delete: () => new Response(null, { status: 204 }),
    });
    await user.click(
      await within(dialog).findByRole('button', { name: 'Revoke access for Dr Lee' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Stop sharing with Dr Lee?' });
    await user.click(within(confirm).getByRole('button', { name: 'No, keep sharing' }));
    await screen.findByRole('dialog', { name: 'Share results' });
    expect(callsTo(fetchMock, `${sharesPath}/${shareId}`)).toEqual([]);

    await user.click(await screen.findByRole('button', { name: 'Revoke access for Dr Lee' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, revoke access' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `${sharesPath}/${shareId}`)).toEqual([
      { method: 'DELETE', query: {}, body: undefined },
    ]);
    expect(await screen.findByText('Dr Lee can no longer see your results.')).toBeInTheDocument();
  });

  it('shows a revoked share without a Revoke button', async () => {
    const { fetchMock, user } = await renderApp(`/appointments/${portalKey}/result`, {
      api: ownerPageApi(),
    });
    answerByMethod(fetchMock, sharesPath, {
      get: () => sharesList(shareOf({ dateRevoked: '2031-05-03T06:00:00Z', accesses: [] })),
    });
    await user.click(await screen.findByRole('button', { name: 'Share this result: CT head' }));
    const region = await screen.findByRole('region', { name: 'Who you have shared with' });
    expect(within(region).getByText('Revoked on:')).toBeInTheDocument();
    expect(within(region).getByText('Not opened yet.')).toBeInTheDocument();
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });
});
