import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { staffUser } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const header = () => screen.getByRole('banner');
const logoImage = () => within(header()).getByRole('img', { name: 'Harbourside Imaging home' });
const logoLink = () => within(header()).getByRole('link', { name: 'Harbourside Imaging home' });

// A named kiosk: an unnamed one opens the kiosk identity modal over the page. (Each test:
// testing/setup.ts empties the cookie jar after every test.)
beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the kiosk's cookie.
  document.cookie = 'kioskIdentity=Test%20kiosk; path=/';
});

describe('header logo', () => {
  it.each([
    ['/appointments/abc', 'confirmation_header'],
    ['/a/abc', 'confirmation_header'],
    ['/booking-requests/abc', 'confirmation_header'],
    ['/unsubscribe', 'confirmation_header'],
    ['/authentication', 'confirmation_header'],
    ['/check-in', 'check_in_header'],
    ['/', 'header'],
    ['/about', 'header'],
    ['/br/abc', 'header'],
    ['/kiosk?kioskMode=true', 'header'],
  ])('on %s shows the %s image', async (path, asset) => {
    await renderApp(path);
    expect(logoImage()).toHaveAttribute('src', `/api/assets/application/${asset}`);
  });

  it('offers the tablet image at tablet widths on default pages', async () => {
    const { container } = { container: document.body };
    await renderApp('/about');
    const source = container.querySelector('picture source');
    expect(source).toHaveAttribute('srcset', '/api/assets/application/header_tablet');
    expect(source?.getAttribute('media')).toContain('min-width: 768px');
  });

  it('links a confirmation page logo to confirmationHeaderUrl when set', async () => {
    await renderApp('/appointments/abc', {
      config: { radiology: { confirmationHeaderUrl: 'https://harbourside.example/' } },
    });
    expect(logoLink()).toHaveAttribute('href', 'https://harbourside.example/');
  });

  it('links a check-in logo internally even when confirmationHeaderUrl is set', async () => {
    await renderApp('/check-in', {
      config: { radiology: { confirmationHeaderUrl: 'https://harbourside.example/' } },
    });
    // /check-in is the kiosk's check-in: it puts itself in kiosk mode (its URL says so once its
    // page has loaded), whose logo goes to the kiosk's start.
    await waitFor(() => expect(logoLink()).toHaveAttribute('href', '/kiosk?kioskMode=true'));
  });

  it.each([
    ['/about?kioskMode=true', '/kiosk?kioskMode=true'],
    ['/advanced-booking', '/advanced-booking'],
    ['/about?regionSlug=north', '/?regionSlug=north'],
    ['/about?kioskMode=true&regionSlug=north&step=2', '/kiosk?kioskMode=true&regionSlug=north'],
  ])('on %s links the logo to %s', async (path, target) => {
    await renderApp(path);
    expect(logoLink()).toHaveAttribute('href', target);
  });
});

describe('desktop header', () => {
  it('shows the login icon linking to the admin panel for an anonymous visitor', async () => {
    await renderApp('/');
    expect(await within(header()).findByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('hides the admin login in kiosk mode', async () => {
    const { fetchMock } = await renderApp('/?kioskMode=true');
    await expect.poll(() => fetchMock.mock.calls.length).toBeGreaterThan(0);
    expect(within(header()).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('hides the admin login when showLinkToAdminPanel is off', async () => {
    await renderApp('/', { config: { application: { showLinkToAdminPanel: false } } });
    await screen.findByRole('heading', { level: 1 });
    expect(within(header()).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('shows the user dropdown with username, admin link and logout for a signed-in user', async () => {
    const { user } = await renderApp('/', { user: { ...staffUser, organization: 'North Clinic' } });
    const trigger = await screen.findByRole('button', { name: 'Account menu for jsmith' });
    expect(screen.queryByText('Dr Jane Smith')).not.toBeInTheDocument();
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Signed in as jsmith')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Admin panel' })).toHaveAttribute(
      'href',
      '/admin',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    expect(await within(header()).findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it("shows the current doctor's name only when the user has no organization", async () => {
    await renderApp('/', { user: staffUser });
    expect(await within(header()).findByText('Dr Jane Smith')).toBeInTheDocument();
  });

  it('shows the custom header message, sanitized', async () => {
    await renderApp('/', {
      config: {
        radiology: {
          customHeaderMessage: '<strong>Open late Thursdays</strong><img src=x onerror="alert(1)">',
        },
      },
    });
    expect(within(header()).getByText('Open late Thursdays').tagName).toBe('STRONG');
    expect(header().querySelector('[onerror]')).toBeNull();
  });

  it('hides the menu on confirmation pages when showMenuOnConfirmationPage is off', async () => {
    await renderApp('/appointments/abc', {
      config: { radiology: { showMenuOnConfirmationPage: false } },
    });
    await screen.findByRole('heading', { level: 1 });
    expect(within(header()).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('keeps the menu on other pages when showMenuOnConfirmationPage is off', async () => {
    await renderApp('/about', { config: { radiology: { showMenuOnConfirmationPage: false } } });
    expect(await within(header()).findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});

describe('mobile header menu', () => {
  it('collapses the menu behind a button and lists the links', async () => {
    const { user } = await renderApp('/', { width: 390 });
    const button = within(header()).getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(within(header()).queryByRole('link', { name: 'About' })).not.toBeInTheDocument();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const nav = within(header()).getByRole('navigation', { name: 'Main' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Log in', 'Home', 'About', 'Contact', 'Terms', 'Privacy']);
  });

  it('goes to the internal pages, keeping kioskMode and regionSlug', async () => {
    const { user } = await renderApp('/?regionSlug=north', { width: 390 });
    await user.click(within(header()).getByRole('button', { name: 'Menu' }));
    const nav = within(header()).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute(
      'href',
      '/about?regionSlug=north',
    );
    expect(within(nav).getByRole('link', { name: 'Privacy' })).toHaveAttribute(
      'href',
      '/privacy?regionSlug=north',
    );
  });

  it('goes to the configured external URLs when set', async () => {
    const { user } = await renderApp('/', {
      width: 390,
      config: {
        radiology: {
          aboutUrl: 'https://harbourside.example/about',
          contactUrl: 'https://harbourside.example/contact',
          termsAndConditionsUrl: 'https://harbourside.example/terms',
          privacyPolicyUrl: 'https://harbourside.example/privacy',
        },
      },
    });
    await user.click(within(header()).getByRole('button', { name: 'Menu' }));
    const nav = within(header()).getByRole('navigation', { name: 'Main' });
    for (const [name, url] of [
      ['About', 'https://harbourside.example/about'],
      ['Contact', 'https://harbourside.example/contact'],
      ['Terms', 'https://harbourside.example/terms'],
      ['Privacy', 'https://harbourside.example/privacy'],
    ] as const) {
      const link = within(nav).getByRole('link', { name: new RegExp(`^${name}`) });
      expect(link).toHaveAttribute('href', url);
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it('hides Login in kiosk mode and when showLinkToAdminPanel is off', async () => {
    const first = await renderApp('/?kioskMode=true', { width: 390 });
    await first.user.click(within(header()).getByRole('button', { name: 'Menu' }));
    expect(within(header()).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: 'About' })).toHaveAttribute(
      'href',
      '/about?kioskMode=true',
    );
  });

  it('hides Login when showLinkToAdminPanel is off', async () => {
    const { user } = await renderApp('/', {
      width: 390,
      config: { application: { showLinkToAdminPanel: false } },
    });
    await user.click(within(header()).getByRole('button', { name: 'Menu' }));
    expect(within(header()).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: 'Home' })).toBeInTheDocument();
  });

  it('closes the menu after following a link', async () => {
    const { user } = await renderApp('/', { width: 390 });
    await user.click(within(header()).getByRole('button', { name: 'Menu' }));
    await user.click(within(header()).getByRole('link', { name: 'About' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Harbourside Imaging' }),
    ).toBeInTheDocument();
    expect(within(header()).getByRole('button', { name: 'Menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
