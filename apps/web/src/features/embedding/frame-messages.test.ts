import { describe, expect, it } from 'vitest';
import { targetOrigins } from './frame-messages.ts';

const listed = ['https://clinic.example', 'https://www.clinic.example'];

describe('targetOrigins', () => {
  it('names only the parent page when it is a configured origin', () => {
    expect(targetOrigins(listed, 'https://www.clinic.example')).toEqual([
      'https://www.clinic.example',
    ]);
  });

  it('sends nothing to a parent outside FRAME_ANCESTORS', () => {
    expect(targetOrigins(listed, 'https://elsewhere.example')).toEqual([]);
  });

  it('names each configured origin when the browser does not tell the parent', () => {
    expect(targetOrigins(listed, null)).toEqual(listed);
  });
});
