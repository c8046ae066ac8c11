import type {
  ClinicListResponse,
  ClinicSlotsResponse,
  GeoPoint,
  NextAvailableSlotRequest,
  NextAvailableSlotResponse,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

export interface ClinicSearch {
  examSlugs: string[];
  location: GeoPoint | null;
  postalCodeLocationId: number | null;
  regionSlug: string | null;
}

export function useClinics(search: ClinicSearch, enabled: boolean) {
  return useQuery({
    queryKey: ['clinics', search],
    queryFn: ({ signal }) =>
      apiGet<ClinicListResponse>('/api/clinics', {
        signal,
        query: {
          examSlugs: search.examSlugs.join(','),
          latitude: search.location?.latitude,
          longitude: search.location?.longitude,
          postalCodeLocationId: search.postalCodeLocationId,
          regionSlug: search.regionSlug,
        },
      }),
    enabled,
  });
}

export function useNextAvailable(request: NextAvailableSlotRequest | null) {
  return useQuery({
    queryKey: ['slots', 'next-available', request],
    queryFn: ({ signal }) =>
      apiRequest<NextAvailableSlotResponse>('/api/slots/next-available', {
        method: 'POST',
        body: request,
        signal,
      }),
    enabled: request !== null,
  });
}

export interface SlotSearch {
  clinicSlug: string;
  examSlug: string;
  from: string;
  to: string;
  timeOfDay: string[];
  /** Hide slots before this day (questionnaire outcome restrictMinDate). */
  minDate?: string | null;
}

export const slotsQueryKey = (search: SlotSearch | null) => ['slots', 'clinic', search] as const;

export function useClinicSlots(search: SlotSearch | null) {
  return useQuery({
    queryKey: slotsQueryKey(search),
    queryFn: ({ signal }) => {
      if (!search) throw new Error('no slot search');
      return apiGet<ClinicSlotsResponse>(`/api/clinics/${search.clinicSlug}/slots`, {
        signal,
        query: {
          examSlug: search.examSlug,
          from: search.from,
          to: search.to,
          timeOfDay: search.timeOfDay.length ? search.timeOfDay.join(',') : undefined,
          minDate: search.minDate ?? undefined,
        },
      });
    },
    enabled: search !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
