import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';

const footer = () => screen.getByRole('contentinfo');
const queryFooter = () => screen.queryByRole('contentinfo');

describe('footer', () => {
  it('lists Home, About, Contact, Terms and Privacy with internal links, preserving regionSlug', async () => {
    await renderApp('/about?regionSlug=north');
    const nav = within(footer()).getByRole('navigation', { name: 'Footer' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'About',
      'Contact',
      'Terms',
      'Privacy',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/?regionSlug=north',
      '/about?regionSlug=north',
      '/contact?regionSlug=north',
      '/terms?regionSlug=north',
      '/privacy?regionSlug=north',
    ]);
  });

  it('adds the external home link and uses configured external URLs', async () => {
    await renderApp('/', {
      config: {
        radiology: {
          homeUrl: 'https://harbourside.example/',
          termsAndConditionsUrl: 'https://harbourside.example/terms',
        },
      },
    });
    const nav = within(footer()).getByRole('navigation', { name: 'Footer' });
    expect(within(nav).getByRole('link', { name: /^Main website/ })).toHaveAttribute(
      'href',
      'https://harbourside.example/',
    );
    const terms = within(nav).getByRole('link', { name: /^Terms/ });
    expect(terms).toHaveAttribute('href', 'https://harbourside.example/terms');
    expect(terms).toHaveAccessibleName('Terms (opens in a new tab)');
  });

  it('shows the copyright line with the long name and the current year', async () => {
    await renderApp('/', { now: new Date('2033-02-01T12:00:00Z') });
    expect(within(footer()).getByText('© 2033 Harbourside Imaging Pty Ltd')).toBeInTheDocument();
  });

  it('hides the links in kiosk mode but keeps the copyright', async () => {
    await renderApp('/?kioskMode=true');
    expect(within(footer()).queryByRole('navigation')).not.toBeInTheDocument();
    expect(within(footer()).getByText(/Harbourside Imaging Pty Ltd/)).toBeInTheDocument();
  });

  it('is hidden in advanced booking', async () => {
    await renderApp('/advanced-booking');
    expect(queryFooter()).not.toBeInTheDocument();
  });

  it('shows only the copyright line at mobile widths (the menu carries the links)', async () => {
    await renderApp('/', {
      width: 390,
      config: {
        application: { versionOnPatientPortalEnabled: true },
        radiology: { poweredByEnabled: true },
      },
    });
    expect(footer()).toHaveTextContent(/^© 2031 Harbourside Imaging Pty Ltd$/);
    expect(within(footer()).queryByRole('link')).not.toBeInTheDocument();
  });

  it('is hidden in advanced booking at mobile widths too', async () => {
    await renderApp('/advanced-booking', { width: 390 });
    expect(queryFooter()).not.toBeInTheDocument();
  });

  it('shows the version line only when versionOnPatientPortalEnabled', async () => {
    await renderApp('/', { config: { application: { versionOnPatientPortalEnabled: true } } });
    expect(within(footer()).getByText('Version 1.4.2')).toBeInTheDocument();
  });

  it('has no version line by default', async () => {
    await renderApp('/');
    expect(within(footer()).queryByText(/Version/)).not.toBeInTheDocument();
  });

  it('shows powered-by branding only when poweredByEnabled', async () => {
    await renderApp('/', { config: { radiology: { poweredByEnabled: false } } });
    expect(within(footer()).queryByText(/Powered by/)).not.toBeInTheDocument();
  });

  it('shows powered-by branding when enabled', async () => {
    await renderApp('/', { config: { radiology: { poweredByEnabled: true } } });
    expect(within(footer()).getByText(/Powered by/)).toBeInTheDocument();
  });

  it('shows the sanitized custom footer instead when showCustomHeaderAndFooter is on', async () => {
    await renderApp('/', {
      config: {
        radiology: {
          showCustomHeaderAndFooter: true,
          customFooter: '<p>ABN 12 345 678 901</p><script>window.pwned = true</script>',
        },
      },
    });
    expect(within(footer()).getByText('ABN 12 345 678 901')).toBeInTheDocument();
    expect(within(footer()).queryByRole('navigation')).not.toBeInTheDocument();
    expect(within(footer()).queryByText(/©/)).not.toBeInTheDocument();
    expect(footer().querySelector('script')).toBeNull();
  });
});
