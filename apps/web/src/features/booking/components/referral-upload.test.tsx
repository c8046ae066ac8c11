import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/render-app.tsx';
import { ReferralUpload } from './referral-upload.tsx';

const bookingKey = 'k'.repeat(22);
const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

/** The server as the control sees it: each upload a new document id, deletes answered 204. */
function serve() {
  const calls: { method: string; url: string }[] = [];
  let next = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (url === '/api/booking-keys')
        return jsonResponse({ bookingKey, expiresAt: '2031-05-04T10:00:00Z' });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      next += 1;
      return jsonResponse({ id: `00000000-0000-4000-8000-00000000000${next}` }, 201);
    }),
  );
  return calls;
}

function renderControl(props: { staff?: boolean; disabled?: boolean; required?: boolean }) {
  const onUploaded = vi.fn();
  render(
    <I18nextProvider i18n={testI18n()}>
      <ReferralUpload
        validTypes={['application/pdf']}
        examSlug="mammogram"
        groupName="mammogram"
        documentTypeId={props.required ? 1 : null}
        staff={props.staff ?? false}
        disabled={props.disabled ?? false}
        onUploaded={onUploaded}
      />
    </I18nextProvider>,
  );
  return { user: userEvent.setup(), onUploaded };
}

const deletes = (calls: { method: string; url: string }[]) =>
  calls.filter((call) => call.method === 'DELETE').map((call) => call.url);

beforeEach(() => sessionStorage.clear());

describe('the referral upload control', () => {
  it('for a patient: the instruction text, and a file chosen again replaces the first (it is taken back)', async () => {
    const calls = serve();
    const { user, onUploaded } = renderControl({});
    const input = screen.getByLabelText('Referral (optional)');
    expect(input).toHaveAccessibleDescription('A photo or scan of your referral.');
    await user.upload(input, pdf('first.pdf'));
    await screen.findByText('Uploaded: first.pdf');
    expect(deletes(calls)).toEqual([]);
    await user.upload(input, pdf('second.pdf'));
    await screen.findByText('Uploaded: second.pdf');
    expect(deletes(calls)).toEqual([
      `/api/booking-keys/${bookingKey}/documents/00000000-0000-4000-8000-000000000001`,
    ]);
    expect(onUploaded).toHaveBeenLastCalledWith(true);
    // A patient gets no Delete: choosing another file is how they change it.
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('in the admin portal mode: Upload, then Update with a Delete, and no instruction text', async () => {
    const calls = serve();
    const { user, onUploaded } = renderControl({ staff: true, required: true });
    const input = screen.getByLabelText('Upload the referral (required)');
    expect(input).not.toHaveAccessibleDescription(expect.stringContaining('photo or scan'));
    expect(screen.queryByText(/photo or scan/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();

    await user.upload(input, pdf('referral.pdf'));
    await screen.findByText('Uploaded: referral.pdf');
    expect(screen.getByLabelText('Update the referral')).toBe(input);

    await user.click(screen.getByRole('button', { name: 'Delete referral.pdf' }));
    await screen.findByText('referral.pdf was deleted.');
    expect(deletes(calls)).toEqual([
      `/api/booking-keys/${bookingKey}/documents/00000000-0000-4000-8000-000000000001`,
    ]);
    expect(onUploaded).toHaveBeenLastCalledWith(false);
    expect(screen.getByLabelText('Upload the referral (required)')).toHaveFocus();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('is disabled while the form says so (a booking being sent)', () => {
    serve();
    renderControl({ disabled: true });
    expect(screen.getByLabelText('Referral (optional)')).toBeDisabled();
  });
});
