import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const path = '/api/notifications/preview_translated_email';
const answer = (content: string) => () => new Response(JSON.stringify({ content }));

describe('email preview page', () => {
  it('shows the chosen message in a sandboxed, titled frame, and changes it from the pickers', async () => {
    const { user, fetchMock, router } = await renderApp('/preview-email', {
      api: { [path]: answer('<h1>Southern Cross Imaging: Your appointment is confirmed</h1>') },
    });
    const frame = await screen.findByTitle('Preview of the message: Appointment confirmed');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toContain('Your appointment is confirmed');
    expect(screen.getByText(/sample details/)).toBeInTheDocument();
    const first = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(first.searchParams.get('template')).toBe('APPOINTMENT_CONFIRMATION');
    expect(first.searchParams.get('lang')).toBe('en-AU');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Message' }), 'ACCESS_OTP');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'mk');
    await waitFor(() => expect(router.state.location.search).toBe('?template=ACCESS_OTP&lang=mk'));
    await waitFor(() => {
      const last = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
      expect(last.searchParams.get('template')).toBe('ACCESS_OTP');
      expect(last.searchParams.get('lang')).toBe('mk');
    });
    expect(await screen.findByTitle('Preview of the message: Verification code')).toHaveAttribute(
      'srcdoc',
      expect.stringContaining('<html lang="mk">'),
    );
  });

  it('passes a referenceId on and says the details are a real booking', async () => {
    const { fetchMock } = await renderApp(
      '/preview-email?template=APPOINTMENT_REMINDER&lang=en-NZ&referenceId=KEY-1',
      { api: { [path]: answer('<h1>Reminder</h1>') } },
    );
    await screen.findByTitle('Preview of the message: Appointment reminder');
    const call = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(call.searchParams.get('referenceId')).toBe('KEY-1');
    expect(screen.getByText('Filled with the details of a real booking.')).toBeInTheDocument();
  });

  it('shows the server’s refusal in red as an alert, and no frame', async () => {
    await renderApp('/preview-email?template=NOPE&lang=en-AU', {
      api: {
        [path]: () => errorResponse(400, 'VALIDATION_FAILED', 'template: Invalid option'),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The preview could not be shown: template: Invalid option');
    expect(alert.className).toMatch(/error/);
    expect(screen.queryByTitle(/Preview of the message/)).not.toBeInTheDocument();
    // The picker names no message rather than a wrong one.
    expect(screen.getByRole('combobox', { name: 'Message' })).toHaveValue('');
  });
});
