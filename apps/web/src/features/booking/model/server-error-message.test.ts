import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { serverErrorMessage } from './server-error-message.ts';

const t = ((key: string) => `t:${key}`) as unknown as TFunction;

describe('serverErrorMessage', () => {
  it('says read-only mode for its 503, not that the service is busy (decision 036)', () => {
    expect(serverErrorMessage(new ApiError(503, 'READ_ONLY', 'read-only'), t)).toBe(
      't:read_only.refused',
    );
  });

  it('keeps the status message for another 503 and the server message for a 4xx', () => {
    expect(serverErrorMessage(new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'), t)).toBe(
      't:error.server_error_message.503',
    );
    expect(serverErrorMessage(new ApiError(422, 'X', 'The slot is in the past.'), t)).toBe(
      'The slot is in the past.',
    );
  });
});
