import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useContext } from 'react';
import { I18nContext, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { loadedSanitizer, loadSanitizer } from '../../lib/sanitizer.ts';
import { errorResponse, jsonResponse, makeConfig } from '../../testing/fixtures.ts';
import { seedStartupQueries } from './seed-startup.ts';
import { type PreparedI18n, Startup } from './startup.tsx';

function Probe() {
  const { t } = useTranslation();
  return <h1>{t('page.home.title', { name: 'X' })}</h1>;
}

let renderedWith: unknown;
function InstanceProbe() {
  // The provider's instance (useTranslation hands out a wrapper of it).
  renderedWith = useContext(I18nContext).i18n;
  return null;
}

const dictionaries: Record<string, unknown> = {
  'en-AU': { page: { home: { title: 'Welcome to {{name}}' } } },
  mk: { page: { home: { title: 'Добредојдовте во {{name}}' } } },
};

function serve({ jsLocale = 'en-AU', failRadiology = false } = {}) {
  const config = makeConfig({ application: { jsLocale } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    switch (url.pathname) {
      case '/api/config/application':
        return jsonResponse(config.application);
      case '/api/config/integration':
        return jsonResponse(config.integration);
      case '/api/config/body-figure':
        return jsonResponse(config.bodyFigure);
      case '/api/config/radiology':
        return failRadiology
          ? errorResponse(503, 'SERVICE_UNAVAILABLE')
          : jsonResponse(config.radiology);
      case '/api/assets/translations': {
        const lang = url.searchParams.get('lang') ?? '';
        return lang in dictionaries
          ? jsonResponse(dictionaries[lang])
          : errorResponse(400, 'VALIDATION_FAILED');
      }
      default:
        return errorResponse(404, 'NOT_FOUND');
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const requestedLangs = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/assets/translations')
    .map((url) => url.searchParams.get('lang'));

function renderStartup(
  search = '',
  seed?: Parameters<typeof seedStartupQueries>[1],
  prepared?: PreparedI18n,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (seed) seedStartupQueries(client, seed);
  return render(
    <QueryClientProvider client={client}>
      <Startup search={search} prepared={prepared}>
        <Probe />
        <InstanceProbe />
      </Startup>
    </QueryClientProvider>,
  );
}

afterEach(() => document.documentElement.removeAttribute('lang'));

describe('Startup', () => {
  it('loads the configuration and the jsLocale translations, then renders translated', async () => {
    const fetchMock = serve({ jsLocale: 'mk' });
    renderStartup();
    expect(await screen.findByRole('heading', { name: 'Добредојдовте во X' })).toBeInTheDocument();
    expect(requestedLangs(fetchMock)).toEqual(['mk']);
    expect(document.documentElement.lang).toBe('mk');
    expect(document.title).toBe('Harbourside Imaging Online bookings');
  });

  it('lets a lang query parameter override jsLocale', async () => {
    const fetchMock = serve({ jsLocale: 'en-AU' });
    renderStartup('?lang=mk');
    await screen.findByRole('heading', { name: 'Добредојдовте во X' });
    expect(requestedLangs(fetchMock)).toEqual(['mk']);
  });

  it('falls back to en-AU with a console warning for an unsupported locale', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = serve({ jsLocale: 'de-DE' });
    renderStartup();
    await screen.findByRole('heading', { name: 'Welcome to X' });
    expect(requestedLangs(fetchMock)).toEqual(['en-AU']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('de-DE'));
    expect(document.documentElement.lang).toBe('en-AU');
  });

  it('shows a translated error with a retry when a configuration fails to load', async () => {
    serve({ failRadiology: true });
    renderStartup();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the booking portal',
    );
    serve();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to X' })).toBeInTheDocument();
  });

  describe('with the start-up data inlined by the server', () => {
    const inlined = () => ({
      config: makeConfig({ application: { jsLocale: 'mk' } }),
      locale: 'mk' as const,
      translations: dictionaries.mk as Record<string, never>,
    });

    it('renders at once, without a request', () => {
      const fetchMock = serve({ jsLocale: 'mk' });
      renderStartup('', inlined());
      // Synchronously: the first render is already the translated page.
      expect(screen.getByRole('heading', { name: 'Добредојдовте во X' })).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
      expect(document.documentElement.lang).toBe('mk');
    });

    it('still fetches the translations a lang parameter asks for', async () => {
      const fetchMock = serve({ jsLocale: 'mk' });
      renderStartup('?lang=en-AU', inlined());
      expect(await screen.findByRole('heading', { name: 'Welcome to X' })).toBeInTheDocument();
      expect(requestedLangs(fetchMock)).toEqual(['en-AU']);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('loads the sanitizer before rendering a shell with configuration HTML', async () => {
      const fetchMock = serve({ jsLocale: 'mk' });
      const data = inlined();
      data.config.radiology.bannerMessage = '<p>Closed on 24 December.</p>';
      renderStartup('', data);
      expect(
        await screen.findByRole('heading', { name: 'Добредојдовте во X' }),
      ).toBeInTheDocument();
      expect(loadedSanitizer()).toBeDefined();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('renders the complete shell in the first pass when the sanitizer loaded before it (main.tsx)', async () => {
      serve({ jsLocale: 'mk' });
      await loadSanitizer();
      const data = inlined();
      data.config.radiology.bannerMessage = '<p>Closed on 24 December.</p>';
      renderStartup('', data);
      // Synchronously, without waiting: no loading state in between.
      expect(screen.getByRole('heading', { name: 'Добредојдовте во X' })).toBeInTheDocument();
    });

    it('uses the i18n instance prepared from the same dictionary (app/boot.ts)', () => {
      serve({ jsLocale: 'mk' });
      const data = inlined();
      const prepared = {
        dictionary: data.translations,
        instance: createI18n('mk', data.translations),
      };
      renderStartup('', data, prepared);
      expect(screen.getByRole('heading', { name: 'Добредојдовте во X' })).toBeInTheDocument();
      expect(renderedWith).toBe(prepared.instance);
    });

    it('ignores a prepared instance for another locale', async () => {
      serve({ jsLocale: 'mk' });
      const data = inlined();
      const prepared = {
        dictionary: data.translations,
        instance: createI18n('en-AU', data.translations),
      };
      renderStartup('?lang=en-AU', data, prepared);
      await screen.findByRole('heading', { name: 'Welcome to X' });
      expect(renderedWith).not.toBe(prepared.instance);
    });

    it('does nothing without the data (start-up fetches as before)', async () => {
      const fetchMock = serve({ jsLocale: 'mk' });
      renderStartup('', null);
      await screen.findByRole('heading', { name: 'Добредојдовте во X' });
      expect(fetchMock).toHaveBeenCalledTimes(5);
    });
  });
});
