import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app.tsx';

/** Each route of the spec route tables, with the h1 its page shows today. */
const routes: Array<[string, string]> = [
  ['/kiosk?kioskMode=true', 'Welcome'],
  ['/authentication?bookingKey=abc', 'Confirm your identity'],
  ['/deny', 'Access denied'],
  ['/questionnaires', 'Questionnaire'],
  ['/q', 'Questionnaire'],
  ['/appointments/abc/result', 'Your results'],
  ['/appointments/abc/result?shared=true', 'Shared results'],
  ['/appointments/abc/result/patient', 'All your results'],
  ['/a/abc', 'Your appointment'],
  ['/booking-requests/abc', 'Your booking request'],
  ['/br/abc', 'Your booking request'],
  ['/check-in?step=CONFIRM', 'Check in for your appointment'],
  ['/referrer-access', 'Referrer access'],
  ['/referrer/report-feedback', 'Report feedback'],
  ['/referrer/report-feedback/faq', 'Report feedback: frequently asked questions'],
  ['/referrer/quick-report', 'Quick report'],
  ['/referrer-report', 'Image viewer'],
  ['/image-viewer-access', 'Image viewer sign-in'],
  ['/about', 'About Harbourside Imaging'],
  ['/contact', 'Contact us'],
  ['/terms', 'Terms and conditions'],
  ['/privacy', 'Privacy'],
  ['/iframe-test', 'Embedding test'],
  ['/preview-email', 'Email preview'],
  ['/advanced-booking', 'Book an imaging appointment'],
  ['/select-clinic', 'Choose a clinic'],
  ['/booking', 'Book an appointment'],
  ['/select-region', 'Find a clinic'],
  ['/unsubscribe', 'Unsubscribe'],
  ['/', 'Book an imaging appointment'],
];

// A named kiosk: an unnamed one opens the kiosk identity modal over the page. (Each test:
// testing/setup.ts empties the cookie jar after every test.)
beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the kiosk's cookie.
  document.cookie = 'kioskIdentity=Test%20kiosk; path=/';
  // A browser that locates the patient. jsdom has no geolocation, and a failed locate opens the
  // clinic page's "can't locate" modal over its h1 once its questionnaires have settled, which
  // under load can be before the assertion (booking-components.test.tsx covers that modal).
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (located: PositionCallback) =>
        located({ coords: { latitude: -33.87, longitude: 151.21 } } as GeolocationPosition),
    },
  });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('route table', () => {
  it.each(routes)('%s shows its page in the shell', async (path, title) => {
    await renderApp(path);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it.each(routes)(
    '/iframe%s shows the same page without header and footer',
    async (path, title) => {
      await renderApp(`/iframe${path === '/' ? '' : path}`);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
      expect(screen.queryByRole('banner')).not.toBeInTheDocument();
      expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    },
  );

  it('says "coming soon" on pages later issues fill', async () => {
    await renderApp('/unsubscribe');
    expect(screen.getByText('This part of the portal is not available yet.')).toBeInTheDocument();
  });

  it('shows a not-found page for an unknown route, in both shells', async () => {
    await renderApp('/no-such-page');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
  });

  it('keeps internal links inside the iframe shell', async () => {
    await renderApp('/iframe/no-such-page?regionSlug=north');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/iframe?regionSlug=north',
    );
  });

  it('offers a skip link to the main content', async () => {
    await renderApp('/about');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});
