import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const authorizationError =
  'We could not confirm that you may see these images. Try again, or contact the clinic.';

describe('the image viewer sign-in page', () => {
  it('shows the authorization error at once while single sign-on is not configured', async () => {
    const { fetchMock } = await renderApp('/image-viewer-access');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Image viewer sign-in');
    expect(await screen.findByRole('alert')).toHaveTextContent(authorizationError);
    const called = fetchMock.mock.calls.map(
      ([input]) => new URL(String(input), 'http://l').pathname,
    );
    expect(called).not.toContain('/api/sso/nonce');
  });

  it('shows the error with Try again when the provider cannot be reached', async () => {
    await renderApp('/image-viewer-access', {
      config: {
        application: {
          azureClientId: 'portal',
          azureUrlWithTenantId: 'http://localhost/unreachable-issuer',
        },
      },
      api: { '/api/sso/nonce': () => jsonResponse({ nonce: 'n'.repeat(43) }) },
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(authorizationError);
    const again = within(alert).getByRole('button', { name: 'Try again' });
    await expect.poll(() => (again as HTMLButtonElement).disabled).toBe(false);
  });
});
