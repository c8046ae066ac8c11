import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, makeConfig } from '../../testing/fixtures.ts';
import { Startup } from './startup.tsx';

function Probe() {
  const { t } = useTranslation();
  return <h1>{t('page.home.title', { name: 'X' })}</h1>;
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

function renderStartup(search = '') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Startup search={search}>
        <Probe />
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
});
