import { describe, expect, it } from 'vitest';
import { applyMapChange, readMapParams } from './map-params.ts';

const read = (query: string) => readMapParams(new URLSearchParams(query));

describe('readMapParams', () => {
  it('reads region, place and selected clinic', () => {
    expect(read('regionSlug=sydney&lat=-33.81&lng=151.0&clinic=parramatta')).toEqual({
      regionSlug: 'sydney',
      location: { latitude: -33.81, longitude: 151 },
      clinic: 'parramatta',
    });
  });

  it('ignores malformed or out-of-range values instead of failing', () => {
    expect(read('regionSlug=Not A Slug&lat=abc&lng=151&clinic=')).toEqual({
      regionSlug: undefined,
      location: undefined,
      clinic: undefined,
    });
    expect(read('lat=95&lng=10').location).toBeUndefined();
    expect(read('lat=-33').location).toBeUndefined();
  });
});

describe('applyMapChange', () => {
  const current = new URLSearchParams('kioskMode=true&regionSlug=sydney&clinic=chatswood');

  it('a region change starts afresh in that region and keeps other parameters', () => {
    const next = applyMapChange(
      new URLSearchParams('kioskMode=true&lat=-33.8&lng=151&clinic=chatswood'),
      { kind: 'region', regionSlug: 'melbourne' },
    );
    expect(next.toString()).toBe('kioskMode=true&regionSlug=melbourne');
  });

  it('"all regions" removes the region', () => {
    expect(applyMapChange(current, { kind: 'region', regionSlug: undefined }).toString()).toBe(
      'kioskMode=true',
    );
  });

  it('a searched place replaces region and selection, rounded to 5 decimals', () => {
    const next = applyMapChange(current, {
      kind: 'location',
      location: { latitude: -33.8150123456, longitude: 151.00111119 },
    });
    expect(next.toString()).toBe('kioskMode=true&lat=-33.81501&lng=151.00111');
  });

  it('selecting a clinic keeps region and place', () => {
    const next = applyMapChange(new URLSearchParams('regionSlug=sydney&lat=-33.8&lng=151'), {
      kind: 'clinic',
      clinic: 'parramatta',
    });
    expect(next.toString()).toBe('regionSlug=sydney&lat=-33.8&lng=151&clinic=parramatta');
  });
});
