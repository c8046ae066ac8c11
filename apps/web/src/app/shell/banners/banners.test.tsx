import { bannerFingerprint, closedBannerCookieName } from '@portal/contract';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';

describe('environment banner', () => {
  it('shows the active profiles outside production', async () => {
    await renderApp('/', {
      config: { application: { production: false, activeProfiles: ['dev', 'demo'] } },
    });
    expect(screen.getByText('Test environment: dev, demo')).toBeInTheDocument();
  });

  it('is absent in production', async () => {
    await renderApp('/', { config: { application: { production: true } } });
    expect(screen.queryByText(/Test environment/)).not.toBeInTheDocument();
  });
});

describe('read-only banner', () => {
  it('shows message.access_read_only when access is read-only', async () => {
    await renderApp('/', { config: { application: { readOnly: true } } });
    expect(screen.getByText(/The portal is in read-only mode/)).toBeInTheDocument();
  });

  it('is absent otherwise', async () => {
    await renderApp('/');
    expect(screen.queryByText(/read-only mode/)).not.toBeInTheDocument();
  });
});

/** The dismissible HTML banner is the part of the notices region that has the close button. */
const htmlBanner = () =>
  screen.queryByRole('button', { name: 'Dismiss message' })?.parentElement?.parentElement ?? null;

describe('HTML banner', () => {
  const bannerMessage =
    '<p>Clinics close at <b>noon</b> on 24 December.</p><img src="x" onerror="window.pwned=1"><script>window.pwned=1</script>';

  it('shows the sanitized message above the header', async () => {
    await renderApp('/', { config: { radiology: { bannerMessage } } });
    const banner = htmlBanner()!;
    expect(banner).toHaveTextContent('Clinics close at noon on 24 December.');
    expect(banner.querySelector('script')).toBeNull();
    expect(banner.querySelector('[onerror]')).toBeNull();
    expect(
      banner.compareDocumentPosition(screen.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('applies bannerPositionCss to its placement', async () => {
    await renderApp('/', {
      config: { radiology: { bannerMessage, bannerPositionCss: 'position: sticky; top: 0px;' } },
    });
    const banner = htmlBanner()!;
    expect(banner.style.position).toBe('sticky');
    expect(banner.style.top).toBe('0px');
  });

  it('can be dismissed and stays closed on other pages', async () => {
    const { user } = await renderApp('/', { config: { radiology: { bannerMessage } } });
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(htmlBanner()).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: 'About' })[0]!);
    await screen.findByRole('heading', { level: 1, name: 'About Harbourside Imaging' });
    expect(htmlBanner()).not.toBeInTheDocument();
  });

  it('stays closed for the browser session, for that message only, in a cookie the server reads too', async () => {
    const first = await renderApp('/', { config: { radiology: { bannerMessage } } });
    await first.user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(document.cookie).toContain(
      `${closedBannerCookieName}=${bannerFingerprint(bannerMessage)}`,
    );
    cleanup();

    await renderApp('/', { config: { radiology: { bannerMessage } } });
    expect(htmlBanner()).not.toBeInTheDocument();
    cleanup();

    await renderApp('/', {
      config: { radiology: { bannerMessage: '<p>New hours from 2 January.</p>' } },
    });
    expect(htmlBanner()).toHaveTextContent('New hours from 2 January.');
  });

  it('is not shown when the message is empty or closeBanner is set', async () => {
    await renderApp('/', { config: { radiology: { bannerMessage, closeBanner: true } } });
    expect(htmlBanner()).not.toBeInTheDocument();
  });

  it('is not shown for an empty message', async () => {
    await renderApp('/', { config: { radiology: { bannerMessage: '  ' } } });
    expect(screen.queryByRole('button', { name: 'Dismiss message' })).not.toBeInTheDocument();
  });
});

describe('notices region', () => {
  it('groups the banners in one labelled region', async () => {
    await renderApp('/', {
      config: { application: { readOnly: true }, radiology: { bannerMessage: '<p>Hi</p>' } },
    });
    const region = screen.getByRole('region', { name: 'Service notices' });
    expect(region).toHaveTextContent('Test environment');
    expect(region).toHaveTextContent('read-only mode');
    expect(region).toHaveTextContent('Hi');
  });

  it('is absent in production once the last banner is dismissed', async () => {
    const { user } = await renderApp('/', {
      config: { application: { production: true }, radiology: { bannerMessage: '<p>Hi</p>' } },
    });
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('region', { name: 'Service notices' })).not.toBeInTheDocument();
  });
});
