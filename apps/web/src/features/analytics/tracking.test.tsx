import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app.tsx';
import { resetTrackingChoice } from './tracking-choice.ts';

// The first render loads the page's lazy route module: slow on a loaded machine.
const slow = { timeout: 20_000 };
const gtm = { googleAnalyticsEnabled: true, googleTagManagerId: 'GTM-ABC123' };
const gtmScript = 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123';
const scriptSrcs = () => [...document.head.querySelectorAll('script')].map((s) => s.src);
const banner = () => screen.findByRole('region', { name: 'Cookies and analytics' });

beforeEach(() => resetTrackingChoice());

describe('analytics tags and the consent banner', slow, () => {
  it('asks nothing and loads nothing when no tag is configured', async () => {
    await renderApp('/');
    expect(screen.queryByRole('region', { name: 'Cookies and analytics' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cookie preferences' })).toBeNull();
    expect(scriptSrcs()).toEqual([]);
  });

  it('asks first, and loads the tag only once the patient accepts', async () => {
    const { user } = await renderApp('/', { config: { application: gtm } });
    const question = within(await banner());
    expect(question.getByRole('link', { name: /Read our privacy policy/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(scriptSrcs()).toEqual([]);
    await user.click(question.getByRole('button', { name: 'Accept analytics cookies' }));
    await waitFor(() => expect(scriptSrcs()).toEqual([gtmScript]));
    expect(screen.queryByRole('region', { name: 'Cookies and analytics' })).toBeNull();
    expect(document.cookie).toContain('analyticsConsent=granted');
  });

  it('loads nothing after a refusal, and removes the tags’ own cookies', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a cookie Google Analytics would have set.
    document.cookie = '_ga=GA1.1.123; path=/';
    const { user } = await renderApp('/', { config: { application: gtm } });
    await user.click(
      within(await banner()).getByRole('button', { name: 'Reject analytics cookies' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Cookies and analytics' })).toBeNull(),
    );
    expect(document.cookie).toContain('analyticsConsent=denied');
    expect(document.cookie).not.toContain('_ga=');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scriptSrcs()).toEqual([]);
  });

  it('remembers the answer, and Cookie preferences asks again', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a choice made on an earlier visit.
    document.cookie = 'analyticsConsent=denied; path=/';
    const { user } = await renderApp('/', { config: { application: gtm } });
    expect(screen.queryByRole('region', { name: 'Cookies and analytics' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cookie preferences' }));
    await user.click(
      within(await banner()).getByRole('button', { name: 'Accept analytics cookies' }),
    );
    await waitFor(() => expect(scriptSrcs()).toEqual([gtmScript]));
  });

  it('loads the tag at once where the provider does not ask for consent', async () => {
    await renderApp('/', { config: { application: { ...gtm, analyticsConsentRequired: false } } });
    await waitFor(() => expect(scriptSrcs()).toEqual([gtmScript]));
    expect(screen.queryByRole('region', { name: 'Cookies and analytics' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cookie preferences' })).toBeNull();
  });

  it('never asks on a kiosk, and loads nothing there even after an earlier yes', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a yes given before on this device.
    document.cookie = 'analyticsConsent=granted; path=/';
    await renderApp('/?kioskMode=true', { config: { application: gtm } });
    // The gate's chunk is in (so its answer is in), then a moment for an effect to have run.
    await import('./tracking.tsx');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Cookies and analytics' })).toBeNull();
    expect(scriptSrcs()).toEqual([]);
  });
});
