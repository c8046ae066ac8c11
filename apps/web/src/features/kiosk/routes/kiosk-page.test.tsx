import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../../app/router.tsx';
import { ConfigProvider } from '../../../lib/config.tsx';
import { errorResponse, makeConfig } from '../../../testing/fixtures.ts';
import { renderApp, testI18n } from '../../../testing/render-app.tsx';

/**
 * The app at a kiosk URL whose page opens with the identity modal: renderApp waits for an h1
 * that the open modal hides from the accessibility tree, so this waits for the dialog.
 */
async function renderUnnamedKiosk(path: string) {
  vi.stubGlobal('fetch', async () => errorResponse(401, 'UNAUTHORIZED'));
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ConfigProvider config={makeConfig()}>
        <I18nextProvider i18n={testI18n()}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Name this kiosk' });
  return { user: userEvent.setup(), dialog };
}

function setCookie(text: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the browser's cookie jar.
  document.cookie = text;
}

function clearKioskCookies() {
  for (const name of ['kioskIdentity', 'patientKioskIdentity']) {
    setCookie(`${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`);
  }
}

const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);

afterEach(() => {
  clearKioskCookies();
  vi.unstubAllGlobals();
});

describe('kiosk start page', () => {
  it('asks staff to name a new kiosk; Save stays disabled while the name is empty', {
    timeout: 15_000,
  }, async () => {
    const { user, dialog } = await renderUnnamedKiosk('/kiosk?kioskMode=true');
    const name = within(dialog).getByRole('textbox', { name: 'Kiosk name' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(name).toHaveFocus();
    expect(name).toBeRequired();
    expect(save).toBeDisabled();

    await user.type(name, '   ');
    expect(save).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Name this kiosk' })).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Reception tablet 1');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('This kiosk: Reception tablet 1')).toBeInTheDocument();
    expect(cookie('kioskIdentity')).toBe('Reception%20tablet%201');
    expect(cookie('patientKioskIdentity')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a named kiosk opens straight to the choices and can be renamed', async () => {
    setCookie('kioskIdentity=Tablet%20A; path=/');
    setCookie('patientKioskIdentity=device-1; path=/');
    const { user } = await renderApp('/kiosk?kioskMode=true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('This kiosk: Tablet A')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change the kiosk name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Name this kiosk' });
    const name = within(dialog).getByRole('textbox', { name: 'Kiosk name' });
    expect(name).toHaveValue('Tablet A');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cookie('kioskIdentity')).toBe('Tablet%20A');

    await user.click(screen.getByRole('button', { name: 'Change the kiosk name' }));
    const again = await screen.findByRole('textbox', { name: 'Kiosk name' });
    await user.clear(again);
    await user.type(again, 'Tablet B{Enter}');
    expect(screen.getByText('This kiosk: Tablet B')).toBeInTheDocument();
    expect(cookie('kioskIdentity')).toBe('Tablet%20B');
    expect(cookie('patientKioskIdentity')).toBe('device-1');
  });

  it('offers booking and check-in, both in kiosk mode', async () => {
    setCookie('kioskIdentity=Tablet%20A; path=/');
    await renderApp('/kiosk?kioskMode=true');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    const book = screen.getByRole('link', { name: /Book an appointment/ });
    expect(book).toHaveAttribute('href', '/?kioskMode=true');
    expect(screen.getByRole('link', { name: /Check in/ })).toHaveAttribute(
      'href',
      '/check-in?kioskMode=true',
    );
    // The visit re-writes the identity (browsers cap cookie lifetimes), adding the device id:
    // written by an effect, which one loaded run had not yet run when this was asserted.
    await waitFor(() => expect(cookie('patientKioskIdentity')).toMatch(/^[0-9a-f-]{36}$/));
  });

  it('turns kiosk mode on at the kiosk entry and keeps step and process', async () => {
    setCookie('kioskIdentity=Tablet%20A; path=/');
    const { router } = await renderApp('/kiosk?step=CONFIRM&process=x');
    await screen.findByRole('link', { name: /Book an appointment/ });
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('kioskMode')).toBe('true');
    expect(params.get('step')).toBe('CONFIRM');
    expect(params.get('process')).toBe('x');
  });

  it('keeps the iframe prefix on the booking link when embedded', async () => {
    setCookie('kioskIdentity=Tablet%20A; path=/');
    await renderApp('/iframe/kiosk?kioskMode=true');
    expect(screen.getByRole('link', { name: /Book an appointment/ })).toHaveAttribute(
      'href',
      '/iframe?kioskMode=true',
    );
  });
});
