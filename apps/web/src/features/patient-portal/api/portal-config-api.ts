import type { PatientPortalPublicConfig } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * What the patient pages need from config/patient-portal.json: the cancel reasons, the walk-in
 * reschedule rule and the background image flag. Until it arrives (or if it fails) the pages
 * work without it: no reasons offered, walk-ins not moved online, no background.
 */
export const patientPortalConfigQuery = {
  queryKey: ['config', 'patient-portal'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiGet<PatientPortalPublicConfig>('/api/config/patient-portal', { signal }),
  staleTime: 10 * 60_000,
  retry: false,
};

export function usePatientPortalConfig() {
  return useQuery(patientPortalConfigQuery);
}
