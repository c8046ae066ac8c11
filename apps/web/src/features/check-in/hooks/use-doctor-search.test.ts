import type { DoctorSearchResult } from '@portal/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures.ts';
import { useDoctorSearch } from './use-doctor-search.ts';

const key = 'k'.repeat(32);
const doctorOf = (id: string, lastName: string): DoctorSearchResult => ({
  id,
  firstName: 'Anna',
  lastName,
  providerNumber: '2426621B',
  practiceName: null,
  city: { name: 'Sydney' },
  postalCode: { code: '2000' },
});
const first = doctorOf('00000000-0000-4000-8000-000000000001', 'Nguyen');
const second = doctorOf('00000000-0000-4000-8000-000000000002', 'Nguyen');

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn(async () => jsonResponse({ doctors: [first, second] }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const searched = () =>
  fetchMock.mock.calls.map(([input]) => decodeURIComponent(String(input).split('/').pop()!));

describe('doctor search timing (spec 2 §5)', () => {
  it('asks nothing for 2 characters or fewer', async () => {
    const { result } = renderHook(() => useDoctorSearch(key, 'Ng', []));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.active).toBe(false);
  });

  it('asks once, lowercased, 200 ms after the last change', async () => {
    const { result, rerender } = renderHook(({ typed }) => useDoctorSearch(key, typed, []), {
      initialProps: { typed: 'NGU' },
    });
    await act(() => vi.advanceTimersByTimeAsync(150));
    rerender({ typed: 'NGUY' });
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searched()).toEqual(['nguy']);
    expect(result.current.doctors).toHaveLength(2);
    expect(result.current.searching).toBe(false);
  });

  it('leaves out the doctors already chosen', async () => {
    const { result } = renderHook(() => useDoctorSearch(key, 'nguyen', [first.id]));
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(result.current.doctors.map((doctor) => doctor.id)).toEqual([second.id]);
  });
});
