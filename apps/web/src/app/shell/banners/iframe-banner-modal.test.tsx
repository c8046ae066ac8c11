import { bannerFingerprint, closedBannerCookieName } from '@portal/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';

/** The iframe banner modal (spec 2 §2): the provider's banner as a dialog under /iframe/. */
const bannerMessage =
  '<p>Clinics close at <b>noon</b> on 24 December.</p><img src="x" onerror="window.pwned=1">';
const dialog = () => screen.findByRole('dialog', { name: 'A message from Harbourside Imaging' });

describe('iframe banner modal', () => {
  it('shows the sanitized banner as a labelled dialog, with focus in it, instead of a strip', async () => {
    await renderApp('/iframe/about', { config: { radiology: { bannerMessage } } });
    const modal = await dialog();
    expect(modal).toHaveTextContent('Clinics close at noon on 24 December.');
    expect(modal.querySelector('[onerror]')).toBeNull();
    await waitFor(() => expect(modal.contains(document.activeElement)).toBe(true));
    // Marked for the frame's modal sizes (components/ui/modal.module.css).
    expect(modal).toHaveAttribute('data-portal-modal');
    expect(document.querySelector('[data-iframe-shell]')).not.toBeNull();
    // No strip: the only dismiss control is the dialog's ×.
    expect(screen.getAllByRole('button', { name: 'Dismiss message' })).toHaveLength(1);
  });

  it('closes with Escape and stays closed for this message, as the strip does', async () => {
    const { user } = await renderApp('/iframe/about', { config: { radiology: { bannerMessage } } });
    await dialog();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.cookie).toContain(
      `${closedBannerCookieName}=${encodeURIComponent(bannerFingerprint(bannerMessage))}`,
    );
    cleanup();
    await renderApp('/iframe/', { config: { radiology: { bannerMessage } } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with its Close button and with ×', async () => {
    const { user } = await renderApp('/iframe/about', { config: { radiology: { bannerMessage } } });
    await user.click(within(await dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    cleanup();
    // Another message: the closed one's cookie does not hide it.
    const second = await renderApp('/iframe/about', {
      config: { radiology: { bannerMessage: '<p>Another notice</p>' } },
    });
    await second.user.click(
      within(await dialog()).getByRole('button', { name: 'Dismiss message' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is a strip, not a dialog, outside /iframe/, and absent when closeBanner is set', async () => {
    await renderApp('/about', { config: { radiology: { bannerMessage } } });
    expect(screen.getByText(/Clinics close at/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    cleanup();
    await renderApp('/iframe/about', {
      config: { radiology: { bannerMessage, closeBanner: true } },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
