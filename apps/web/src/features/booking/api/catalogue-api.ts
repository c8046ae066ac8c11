import type {
  BodyPart,
  BookingConfig,
  Exam,
  ExamGroup,
  PostalCodeLocation,
  WalkInExam,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

const long = 10 * 60_000;

export function useExams() {
  return useQuery({
    queryKey: ['exams'],
    queryFn: ({ signal }) => apiGet<Exam[]>('/api/exams', { signal }),
    staleTime: long,
  });
}

export function useExamGroups() {
  return useQuery({
    queryKey: ['exam-groups'],
    queryFn: ({ signal }) => apiGet<ExamGroup[]>('/api/exam-groups', { signal }),
    staleTime: long,
  });
}

export function useBodyParts() {
  return useQuery({
    queryKey: ['body-parts'],
    queryFn: ({ signal }) => apiGet<BodyPart[]>('/api/body-parts', { signal }),
    staleTime: long,
  });
}

export function useWalkInExams() {
  return useQuery({
    queryKey: ['exams', 'walk-in'],
    queryFn: ({ signal }) => apiGet<WalkInExam[]>('/api/exams/walk-in', { signal }),
    staleTime: long,
  });
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
