import { describe, expect, it } from 'vitest';
import { canonicalJson, signatureHash } from './signature-hash.ts';

describe('canonical JSON (decision 024)', () => {
  it('sorts keys at every depth and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('is the same for the same data whatever order the keys came in (as jsonb returns them)', () => {
    const sent = JSON.parse('{"fullName":"Alex","agree":["yes"],"note":"é \\"quoted\\""}');
    const stored = JSON.parse('{"agree":["yes"],"note":"é \\"quoted\\"","fullName":"Alex"}');
    expect(canonicalJson(sent)).toBe(canonicalJson(stored));
  });

  it('leaves undefined members out and writes null, booleans and numbers as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: null, c: false, d: 1.5 })).toBe(
      '{"b":null,"c":false,"d":1.5}',
    );
  });
});

describe('signatureHash', () => {
  const content = {
    consentFormId: '6b8e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f01',
    version: 1,
    definitionHash: 'a'.repeat(64),
    answers: { agree: ['yes'], fullName: 'Alex' },
    appointmentId: '0b8e8f3e-2f4a-4b6c-9d58-3d7c1a3e5f01',
    signedAt: new Date('2026-03-02T00:00:00.123Z'),
  };

  it('is a hex SHA-256 that changes with any part of what was signed', () => {
    const hash = signatureHash(content);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(signatureHash({ ...content, answers: { fullName: 'Alex', agree: ['yes'] } })).toBe(hash);
    expect(signatureHash({ ...content, answers: { agree: ['yes'], fullName: 'Alex B' } })).not.toBe(
      hash,
    );
    expect(signatureHash({ ...content, version: 2 })).not.toBe(hash);
    expect(signatureHash({ ...content, signedAt: new Date('2026-03-02T00:00:00.124Z') })).not.toBe(
      hash,
    );
  });
});
