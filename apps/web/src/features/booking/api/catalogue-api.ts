import type {
  BodyPart,
  BookingConfig,
  Exam,
  ExamGroup,
  PostalCodeLocation,
  WalkInExam,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

const long = 10 * 60_000;

/** The booking home's catalogue; the options are shared with its prefetch (home-prefetch.ts). */
export const examsQuery = queryOptions({
  queryKey: ['exams'],
  queryFn: ({ signal }) => apiGet<Exam[]>('/api/exams', { signal }),
  staleTime: long,
});

export const examGroupsQuery = queryOptions({
  queryKey: ['exam-groups'],
  queryFn: ({ signal }) => apiGet<ExamGroup[]>('/api/exam-groups', { signal }),
  staleTime: long,
});

export const bodyPartsQuery = queryOptions({
  queryKey: ['body-parts'],
  queryFn: ({ signal }) => apiGet<BodyPart[]>('/api/body-parts', { signal }),
  staleTime: long,
});

export const walkInExamsQuery = queryOptions({
  queryKey: ['exams', 'walk-in'],
  queryFn: ({ signal }) => apiGet<WalkInExam[]>('/api/exams/walk-in', { signal }),
  staleTime: long,
});

export function useExams() {
  return useQuery(examsQuery);
}

export function useExamGroups() {
  return useQuery(examGroupsQuery);
}

export function useBodyParts() {
  return useQuery(bodyPartsQuery);
}

export function useWalkInExams() {
  return useQuery(walkInExamsQuery);
}

export function useBookingConfig() {
  return useQuery({
    queryKey: ['config', 'booking'],
    queryFn: ({ signal }) => apiGet<BookingConfig>('/api/config/booking', { signal }),
    staleTime: long,
  });
}

export function usePostalCodeSearch(q: string) {
  return useQuery({
    queryKey: ['postal-codes', q],
    queryFn: ({ signal }) =>
      apiGet<PostalCodeLocation[]>('/api/postal-codes', { signal, query: { q } }),
    enabled: q.trim().length >= 2,
    staleTime: long,
  });
}
