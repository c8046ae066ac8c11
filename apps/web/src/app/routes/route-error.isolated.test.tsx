import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportError } from '../../lib/error-reporting.ts';
import { testI18n } from '../../testing/render-app.tsx';
import { RouteError } from './route-error.tsx';

vi.mock('../../lib/error-reporting.ts', () => ({ reportError: vi.fn() }));
afterEach(() => vi.mocked(reportError).mockClear());

function renderFailing(failure: unknown) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter([
    {
      path: '/',
      loader: () => {
        throw failure;
      },
      element: <p>page</p>,
      errorElement: <RouteError />,
    },
  ]);
  render(
    <I18nextProvider i18n={testI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('RouteError', () => {
  it('reports the error that reached the boundary', async () => {
    const failure = new Error('chunk gone');
    renderFailing(failure);
    await screen.findByRole('link');
    expect(reportError).toHaveBeenCalledWith(failure, 'route-error');
  });

  it('does not report a page that does not exist', async () => {
    renderFailing(new Response('', { status: 404 }));
    await screen.findByRole('link');
    expect(reportError).not.toHaveBeenCalled();
  });
});
