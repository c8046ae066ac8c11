import type { ContactClinic, TermsResponse } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export function useContactClinics() {
  return useQuery({
    queryKey: ['config', 'contact'],
    queryFn: ({ signal }) => apiGet<ContactClinic[]>('/api/config/contact', { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useTerms() {
  return useQuery({
    queryKey: ['config', 'terms'],
    queryFn: ({ signal }) => apiGet<TermsResponse>('/api/config/terms', { signal }),
    staleTime: 10 * 60_000,
  });
}
