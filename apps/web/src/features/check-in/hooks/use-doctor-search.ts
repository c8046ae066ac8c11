import type { DoctorSearchResult } from '@portal/contract';
import { useEffect, useState } from 'react';
import { searchDoctors } from '../api/check-in-api.ts';
import { doctorSearchDelayMs, doctorSearchText } from '../model/check-in-form.ts';

/**
 * The doctor search (spec 2 §5): once the text is longer than 2 characters, lowercased, after a
 * 200 ms pause since the last key; an answer to an older text is dropped. Doctors already chosen
 * are left out of the results.
 */
export function useDoctorSearch(bookingKey: string, typed: string, chosen: readonly string[]) {
  const [doctors, setDoctors] = useState<DoctorSearchResult[]>([]);
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);
  const text = doctorSearchText(typed);
  useEffect(() => {
    if (text === null) {
      setDoctors([]);
      setSearching(false);
      return;
    }
    const controller = new AbortController();
    setSearching(true);
    const timer = setTimeout(() => {
      searchDoctors(bookingKey, text, controller.signal).then(
        (found) => {
          setDoctors(found);
          setFailed(false);
          setSearching(false);
        },
        () => {
          if (controller.signal.aborted) return;
          setDoctors([]);
          setFailed(true);
          setSearching(false);
        },
      );
    }, doctorSearchDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [bookingKey, text]);
  const shown = doctors.filter((doctor) => !chosen.includes(doctor.id));
  return { doctors: shown, searching, failed, active: text !== null };
}
