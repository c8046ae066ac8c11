import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '../testing/fixtures.ts';
import { ApiError, apiGet, apiRequest, setUnauthorizedHandler, toApiError } from './api-client.ts';

let unregister: (() => void) | undefined;
afterEach(() => unregister?.());

function answer(response: Response) {
  const fetchMock = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('resolves with the JSON body and sends query parameters', async () => {
    const fetchMock = answer(jsonResponse({ ok: 1 }));
    await expect(
      apiGet('/api/assets/translations', { query: { lang: 'mk', skip: null } }),
    ).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/assets/translations?lang=mk', expect.any(Object));
  });

  it('sends a JSON body with its content type', async () => {
    const fetchMock = answer(jsonResponse({}));
    await apiRequest('/api/things', { method: 'POST', body: { a: 1 } });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('throws an ApiError carrying the contract error body', async () => {
    answer(
      jsonResponse(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid',
            requestId: 'req-9',
            fields: [{ path: 'lang', message: 'Unsupported' }],
          },
        },
        400,
      ),
    );
    const error = await apiGet('/api/assets/translations').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid',
      requestId: 'req-9',
      fields: [{ path: 'lang', message: 'Unsupported' }],
    });
  });

  it('parses the JSON error body of a call that expected a file', async () => {
    answer(errorResponse(404, 'NOT_FOUND', 'No such attachment'));
    const error = await apiRequest('/api/secured/attachments/1', { responseType: 'blob' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No such attachment' });
  });

  it('turns a body that is not the contract shape into a generic error for its status', async () => {
    answer(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiGet('/api/config/radiology')).rejects.toMatchObject({
      status: 502,
      code: 'INTERNAL_ERROR',
    });
  });
});

describe('toApiError', () => {
  it('reads JSON inside a Blob', async () => {
    const blob = new Blob([JSON.stringify({ error: { code: 'FORBIDDEN', message: 'No' } })]);
    await expect(toApiError(403, blob)).resolves.toMatchObject({
      code: 'FORBIDDEN',
      message: 'No',
    });
  });

  it('keeps the request id and fields of a JSON error inside a Blob', async () => {
    const body = {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Bad',
        requestId: 'req-7',
        fields: [{ path: 'documentTypeId', message: 'Unknown' }],
      },
    };
    const blob = new Blob([JSON.stringify(body)], { type: 'application/json' });
    await expect(toApiError(400, blob)).resolves.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      requestId: 'req-7',
      fields: [{ path: 'documentTypeId', message: 'Unknown' }],
    });
  });

  it('turns a Blob that is not a contract error (binary, other JSON) into the generic error', async () => {
    const binary = new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff])]);
    await expect(toApiError(500, binary)).resolves.toMatchObject({ code: 'INTERNAL_ERROR' });
    const otherJson = new Blob([JSON.stringify({ message: 'nope' })]);
    await expect(toApiError(404, otherJson)).resolves.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the 401 rule (docs/product/authentication.md#the-401-rule)', () => {
  it('calls the logout hook on a 401 from an ordinary call', async () => {
    const onUnauthorized = vi.fn();
    unregister = setUnauthorizedHandler(onUnauthorized);
    answer(errorResponse(401, 'UNAUTHORIZED'));
    await expect(apiGet('/api/secured/appointments/abc')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith(
      expect.any(ApiError),
      '/api/secured/appointments/abc',
    );
  });

  it('does not call it for a 401 from the authenticated check (/api/account)', async () => {
    const onUnauthorized = vi.fn();
    unregister = setUnauthorizedHandler(onUnauthorized);
    answer(errorResponse(401, 'UNAUTHORIZED'));
    await expect(apiGet('/api/account')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not call it for other errors', async () => {
    const onUnauthorized = vi.fn();
    unregister = setUnauthorizedHandler(onUnauthorized);
    answer(errorResponse(403, 'FORBIDDEN'));
    await expect(apiGet('/api/secured/x')).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
