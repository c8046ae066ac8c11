import type {
  CatalogueRows,
  ClinicBusyPeriod,
  ClinicForExam,
  ClinicRow,
  ClinicSchedule,
  ExamRow,
} from './availability.repository.ts';

/**
 * The catalogue and schedules the slot engine needs (never bookings or
 * holds), indexed for the questions a request asks. Immutable: a change in the
 * database makes a new one (see docs/decisions/008-availability-catalogue-cache.md).
 */
export interface AvailabilityCatalogue {
  findExamBySlug(slug: string): ExamRow | undefined;
  findClinicBySlug(slug: string): ClinicRow | undefined;
  /** Active clinics performing the exam (optionally only some), by clinic name. */
  listClinicsForExam(examId: number, clinicIds?: number[]): ClinicForExam[];
  /** Weekly windows of the active resources performing the exam at these clinics, valid in the days. */
  listSchedules(
    examId: number,
    clinicIds: number[],
    fromDay: string,
    toDay: string,
  ): ClinicSchedule[];
  /**
   * Every weekly window (any validity) of the resources performing the exam at
   * one clinic, and those resources' ids in order; the same arrays each time
   * (callers must not change them).
   */
  examAtClinic(
    examId: number,
    clinicId: number,
  ): { schedules: ClinicSchedule[]; resourceIds: number[] };
  /** Closures overlapping [from, to) of these clinics or of their resources. */
  listClosures(clinicIds: number[], from: number, to: number): ClinicBusyPeriod[];
}

export function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

export function indexCatalogue(rows: CatalogueRows): AvailabilityCatalogue {
  const exams = new Map(rows.exams.map((exam) => [exam.slug, exam]));
  const clinics = new Map(rows.clinics.map((clinic) => [clinic.slug, clinic]));
  const clinicsByExam = groupBy(
    rows.clinicExams.map(({ examId, ...clinic }) => ({ examId, clinic })),
    (row) => row.examId,
  );
  // By exam and clinic: next-available asks once per clinic, and a filter of every
  // clinic's windows each time made that quadratic in the number of clinics.
  const schedulesByExamClinic = groupBy(
    rows.schedules.map(({ examId, ...window }) => ({ examId, window })),
    (row) => `${row.examId} ${row.window.clinicId}`,
  );
  const closuresByClinic = groupBy(rows.closures, (closure) => closure.clinicId);
  const examsAtClinics = new Map<string, { schedules: ClinicSchedule[]; resourceIds: number[] }>();
  return {
    findExamBySlug: (slug) => exams.get(slug),
    findClinicBySlug: (slug) => clinics.get(slug),
    listClinicsForExam(examId, clinicIds) {
      const all = (clinicsByExam.get(examId) ?? []).map((row) => ({ ...row.clinic }));
      if (!clinicIds) return all;
      const wanted = new Set(clinicIds);
      return all.filter((clinic) => wanted.has(clinic.id));
    },
    listSchedules(examId, clinicIds, fromDay, toDay) {
      const windows: ClinicSchedule[] = [];
      for (const clinicId of new Set(clinicIds)) {
        for (const { window } of schedulesByExamClinic.get(`${examId} ${clinicId}`) ?? []) {
          if (window.validFrom <= toDay && (window.validTo === null || window.validTo >= fromDay)) {
            windows.push(window);
          }
        }
      }
      return windows;
    },
    examAtClinic(examId, clinicId) {
      const key = `${examId} ${clinicId}`;
      let found = examsAtClinics.get(key);
      if (!found) {
        const schedules = (schedulesByExamClinic.get(key) ?? []).map((row) => row.window);
        const resourceIds = [...new Set(schedules.map((window) => window.resourceId))].sort(
          (a, b) => a - b,
        );
        found = { schedules, resourceIds };
        examsAtClinics.set(key, found);
      }
      return found;
    },
    listClosures(clinicIds, from, to) {
      return clinicIds.flatMap((id) =>
        (closuresByClinic.get(id) ?? []).filter(
          (closure) => closure.start < to && closure.end > from,
        ),
      );
    },
  };
}

/** A catalogue with the version it reflects; `confirmed` when that version was read just now. */
export interface CatalogueSnapshot {
  catalogue: AvailabilityCatalogue;
  version: string;
  confirmed: boolean;
}

/**
 * One catalogue per process. `snapshot()` answers from memory (unconfirmed)
 * once loaded; whoever uses it must confirm its version against the database
 * in the same request: the service reads the version together with the
 * bookings (one round trip), or on its own when it reads no bookings, and
 * calls `invalidate()` and starts again when it changed. Concurrent loads are shared.
 */
export function createCatalogueCache(source: { load(): Promise<CatalogueRows> }) {
  let cached: { version: string; catalogue: AvailabilityCatalogue } | null = null;
  let loading: Promise<{ version: string; catalogue: AvailabilityCatalogue }> | null = null;

  function reload() {
    loading ??= source
      .load()
      .then((rows) => {
        cached = { version: rows.version, catalogue: indexCatalogue(rows) };
        return cached;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  return {
    async snapshot(): Promise<CatalogueSnapshot> {
      if (cached) return { ...cached, confirmed: false };
      return { ...(await reload()), confirmed: true };
    },
    /** Drops the catalogue if it is older than `version` (the next snapshot loads). */
    invalidate(version: string) {
      if (cached && cached.version !== version) cached = null;
    },
  };
}
