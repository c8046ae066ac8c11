import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { accountQueryKey } from '../../features/account/index.ts';
import { apiGet, setUnauthorizedHandler } from '../../lib/api-client.ts';
import { patientQueryKey } from '../../lib/patient-access.ts';
import { errorResponse } from '../../testing/fixtures.ts';
import { createUnauthorizedHandler } from './unauthorized.ts';

function setup(pathname: string, search = '') {
  const queryClient = new QueryClient();
  queryClient.setQueryData([...patientQueryKey, 'appointments', 'k1'], { secret: true });
  queryClient.setQueryData(accountQueryKey, { username: 'x' });
  const router = { navigate: vi.fn(), state: { location: { pathname, search } } };
  const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    String(input) === '/api/authentication/logout'
      ? new Response(null, { status: 204 })
      : errorResponse(401, 'UNAUTHENTICATED'),
  );
  vi.stubGlobal('fetch', fetchMock);
  const unregister = setUnauthorizedHandler(createUnauthorizedHandler(queryClient, router));
  return { queryClient, router, fetchMock, unregister };
}

describe('the 401 rule (docs/product/authentication.md#the-401-rule)', () => {
  it('logs out and sends a patient page to authentication with itself as returnUrl', async () => {
    const { queryClient, router, fetchMock, unregister } = setup(
      '/appointments/k1',
      '?kioskMode=true',
    );
    await expect(apiGet('/api/secured/appointments/k1')).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(router.navigate).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/authentication/logout',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(queryClient.getQueryData([...patientQueryKey, 'appointments', 'k1'])).toBeUndefined();
    expect(queryClient.getQueryData(accountQueryKey)).toBeNull();
    const [to, options] = router.navigate.mock.calls[0] as [string, unknown];
    const url = new URL(to, 'http://x');
    expect(url.pathname).toBe('/authentication');
    expect(url.searchParams.get('returnUrl')).toBe('/appointments/k1?kioskMode=true');
    expect(url.searchParams.get('bookingKey')).toBe('k1');
    expect(url.searchParams.get('type')).toBe('APPOINTMENT');
    expect(options).toEqual({ replace: true });
    unregister();
  });

  it('does neither for a 401 from the authenticated check', async () => {
    const { router, fetchMock, unregister } = setup('/appointments/k1');
    await expect(
      apiGet('/api/authentication/session', { query: { bookingKey: 'k1' } }),
    ).rejects.toMatchObject({ status: 401 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.navigate).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('logs out but stays put on a page that is not a patient page', async () => {
    const { router, fetchMock, unregister } = setup('/booking');
    await expect(apiGet('/api/secured/something')).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/authentication/logout', expect.anything()),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.navigate).not.toHaveBeenCalled();
    unregister();
  });
});
