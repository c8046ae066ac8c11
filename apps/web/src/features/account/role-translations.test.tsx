import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import enAU from '../../../../../packages/translations/locales/en-AU.json';
import mk from '../../../../../packages/translations/locales/mk.json';
import { createI18n } from '../../lib/i18n.ts';
import { staffUser } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { overlayRoleTranslations } from './model/role-translations.ts';

const roleTranslations = JSON.stringify({
  'en-AU': { booking: { home: { title: 'Book for your patient' } }, nav: { about: 'About' } },
  mk: { booking: { home: { title: 'Закажете за вашиот пациент' } } },
});
const heading = () => screen.getByRole('heading', { level: 1 });

describe('role translations', () => {
  it("lays the staff role's wording over the page once the user loads, and removes it at logout", async () => {
    const { user } = await renderApp('/', {
      user: { ...staffUser, roleTranslations },
      width: 1280,
      api: { '/api/sso/session': () => new Response(null, { status: 204 }) },
    });
    await waitFor(() => expect(heading()).toHaveTextContent('Book for your patient'));

    await user.click(await screen.findByRole('button', { name: /jsmith/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Book an imaging appointment'));
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  it('leaves the shared wording for a user without role wording and for a visitor', async () => {
    await renderApp('/', { user: staffUser, width: 1280 });
    await screen.findByRole('button', { name: /jsmith/ });
    expect(heading()).toHaveTextContent('Book an imaging appointment');
  });
});

describe('overlayRoleTranslations', () => {
  it("uses en-AU's wording, then the locale's own, and never changes the loaded dictionary", () => {
    const before = JSON.stringify(mk);
    const i18n = createI18n('mk', mk);
    overlayRoleTranslations(i18n, roleTranslations);
    expect(i18n.t('booking.home.title')).toBe('Закажете за вашиот пациент');
    expect(i18n.t('nav.about')).toBe('About');
    overlayRoleTranslations(i18n, null);
    expect(i18n.t('booking.home.title')).toBe(mk.booking.home.title);
    expect(i18n.t('nav.about')).toBe(mk.nav.about);
    expect(JSON.stringify(mk)).toBe(before);
  });

  it('adds no key the dictionary lacks and survives a value that is not JSON', () => {
    const i18n = createI18n('en-AU', enAU);
    overlayRoleTranslations(i18n, JSON.stringify({ 'en-AU': { invented: { key: 'x' } } }));
    expect(i18n.exists('invented.key')).toBe(false);
    overlayRoleTranslations(i18n, '{not json');
    expect(i18n.t('booking.home.title')).toBe(enAU.booking.home.title);
  });
});
