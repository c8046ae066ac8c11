import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../testing/render-app.tsx';
import { NavigationIndicator } from './navigation-indicator.tsx';

function setup() {
  let finish: (value: null) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <NavigationIndicator />
          <Outlet />
        </>
      ),
      children: [
        { index: true, element: <p>start</p> },
        {
          path: 'slow',
          loader: () =>
            new Promise<null>((resolve, reject) => {
              finish = resolve;
              fail = reject;
            }),
          element: <p>slow page</p>,
          errorElement: <p>failed</p>,
        },
        { path: 'other', element: <p>other page</p> },
      ],
    },
  ]);
  render(
    <I18nextProvider i18n={testI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { router, finish: (v: null) => finish(v), fail: (e: Error) => fail(e) };
}

describe('NavigationIndicator', () => {
  it('shows message.loading from navigation start until it ends', async () => {
    const { router, finish } = setup();
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toBeEmptyDOMElement();
    act(() => {
      void router.navigate('/slow');
    });
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    await act(async () => finish(null));
    expect(await screen.findByText('slow page')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('hides it when the navigation is cancelled by another one', async () => {
    const { router } = setup();
    act(() => {
      void router.navigate('/slow');
    });
    await screen.findByText('Loading…');
    await act(() => router.navigate('/other'));
    expect(await screen.findByText('other page')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('hides it when the navigation errors', async () => {
    const { router, fail } = setup();
    act(() => {
      void router.navigate('/slow');
    });
    await screen.findByText('Loading…');
    await act(async () => fail(new Error('boom')));
    expect(await screen.findByText('failed')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });
});
