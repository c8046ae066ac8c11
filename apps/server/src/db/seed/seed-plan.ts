import { demoExamGroups, demoExams, demoModalities } from './demo-catalogue.ts';
import {
  type DemoClinic,
  demoClinics,
  demoPostalCodes,
  demoRegions,
  type ModalityCode,
} from './demo-places.ts';

/**
 * Pure derivations from the demo data: rooms, hours, schedules and closures.
 * Kept apart from the SQL so the rules (and the data's consistency) can be
 * unit-tested without a database.
 */

export interface PlannedResource {
  clinicSlug: string;
  slug: string;
  name: string;
  modality: ModalityCode;
}

export interface PlannedHours {
  weekday: number;
  opens: string;
  closes: string;
}

export interface PlannedSchedule extends PlannedHours {
  clinicSlug: string;
  resourceSlug: string;
}

export interface PlannedException {
  clinicSlug: string;
  /** Set for a closure of one resource; otherwise the whole clinic closes. */
  resourceSlug: string | null;
  reason: string;
  /** Clinic-local wall-clock times ('YYYY-MM-DD HH:MM'); the database applies the time zone. */
  startsLocal: string;
  endsLocal: string;
}

/** Weekly schedules start on a fixed date so reseeding on another day adds nothing. */
export const scheduleValidFrom = '2024-01-01';

const roomNames: Record<ModalityCode, string> = {
  XR: 'X-ray room',
  CT: 'CT scanner',
  MR: 'MRI scanner',
  US: 'Ultrasound room',
  MG: 'Mammography room',
  NM: 'Gamma camera',
  BD: 'DEXA scanner',
  IR: 'Interventional suite',
};

export function planResources(clinic: DemoClinic): PlannedResource[] {
  const seen = new Map<ModalityCode, number>();
  return clinic.rooms.map((code) => {
    const number = (seen.get(code) ?? 0) + 1;
    seen.set(code, number);
    const modality = demoModalities.find((item) => item.code === code)!;
    const several = clinic.rooms.filter((room) => room === code).length > 1;
    return {
      clinicSlug: clinic.slug,
      slug: `${modality.slug}-${number}`,
      name: several ? `${roomNames[code]} ${number}` : roomNames[code],
      modality: code,
    };
  });
}

const weekdays = [1, 2, 3, 4, 5];
/** Every day of the week (env DEMO_OPEN_ALL_DAY). */
const allDay = [1, 2, 3, 4, 5, 6, 7];

export function planOpeningHours(clinic: DemoClinic, openAllDay = false): PlannedHours[] {
  if (openAllDay) return allDay.map((weekday) => ({ weekday, opens: '00:00', closes: '23:59' }));
  const hours = weekdays.map((weekday) => ({ weekday, opens: '07:30', closes: '17:30' }));
  if (clinic.saturday) hours.push({ weekday: 6, opens: '08:00', closes: '12:30' });
  return hours;
}

/** When each kind of room runs; always inside the clinic's opening hours. */
export function planSchedules(clinic: DemoClinic, openAllDay = false): PlannedSchedule[] {
  return planResources(clinic).flatMap((resource) => {
    const base = { clinicSlug: clinic.slug, resourceSlug: resource.slug };
    if (openAllDay) {
      return allDay.map((weekday) => ({ ...base, weekday, opens: '00:00', closes: '23:59' }));
    }
    switch (resource.modality) {
      case 'XR':
        return [
          ...weekdays.map((weekday) => ({ ...base, weekday, opens: '07:30', closes: '17:30' })),
          ...(clinic.saturday ? [{ ...base, weekday: 6, opens: '08:00', closes: '12:30' }] : []),
        ];
      case 'US':
      case 'MG':
        return [
          ...weekdays.map((weekday) => ({ ...base, weekday, opens: '08:00', closes: '17:00' })),
          ...(clinic.saturday ? [{ ...base, weekday: 6, opens: '08:00', closes: '12:00' }] : []),
        ];
      case 'NM':
        return weekdays.map((weekday) => ({ ...base, weekday, opens: '08:00', closes: '16:00' }));
      case 'IR':
        return [2, 4].map((weekday) => ({ ...base, weekday, opens: '08:30', closes: '16:30' }));
      default:
        return weekdays.map((weekday) => ({ ...base, weekday, opens: '08:00', closes: '17:00' }));
    }
  });
}

const nationalHolidays: Array<[string, string]> = [
  ['2025-12-25', 'Christmas Day'],
  ['2025-12-26', 'Boxing Day'],
  ['2026-01-01', "New Year's Day"],
  ['2026-01-26', 'Australia Day'],
  ['2026-04-03', 'Good Friday'],
  ['2026-04-06', 'Easter Monday'],
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-28', 'Boxing Day (observed)'],
  ['2027-01-01', "New Year's Day"],
  ['2027-01-26', 'Australia Day'],
];

const stateHolidays: Record<DemoClinic['state'], Array<[string, string]>> = {
  NSW: [['2026-06-08', "King's Birthday"]],
  VIC: [
    ['2026-03-09', 'Labour Day'],
    ['2026-06-08', "King's Birthday"],
  ],
  QLD: [
    ['2026-05-04', 'Labour Day'],
    ['2026-10-05', "King's Birthday"],
  ],
  WA: [
    ['2026-03-02', 'Labour Day'],
    ['2026-06-01', 'WA Day'],
  ],
};

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

export function planExceptions(clinic: DemoClinic): PlannedException[] {
  const holidays = [...nationalHolidays, ...stateHolidays[clinic.state]].map(([date, name]) => ({
    clinicSlug: clinic.slug,
    resourceSlug: null,
    reason: `Public holiday: ${name}`,
    startsLocal: `${date} 00:00`,
    endsLocal: `${nextDay(date)} 00:00`,
  }));
  const mri = planResources(clinic).find((resource) => resource.modality === 'MR');
  const maintenance =
    clinic.slug === 'parramatta' && mri
      ? [
          {
            clinicSlug: clinic.slug,
            resourceSlug: mri.slug,
            reason: 'Scanner maintenance',
            startsLocal: '2026-03-10 07:00',
            endsLocal: '2026-03-10 13:00',
          },
        ]
      : [];
  return [...holidays, ...maintenance];
}

/** Exams a clinic offers: every active exam of a modality it has a room for. */
export function planClinicExams(clinic: DemoClinic): string[] {
  return demoExams.filter((exam) => clinic.rooms.includes(exam.modality)).map((exam) => exam.slug);
}

function duplicates(values: string[]): string[] {
  return [...new Set(values.filter((value, index) => values.indexOf(value) !== index))];
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Every inconsistency in the demo data; empty means the seed can run. */
export function checkDemoData(): string[] {
  const problems: string[] = [];
  const report = (label: string, values: string[]) => {
    for (const value of duplicates(values)) problems.push(`duplicate ${label}: ${value}`);
  };
  report(
    'region slug',
    demoRegions.map((region) => region.slug),
  );
  report(
    'clinic slug',
    demoClinics.map((clinic) => clinic.slug),
  );
  report(
    'exam slug',
    demoExams.map((exam) => exam.slug),
  );
  report(
    'exam code',
    demoExams.map((exam) => exam.examCode),
  );
  report(
    'exam group slug',
    demoExamGroups.map((group) => group.slug),
  );
  report(
    'postal code',
    demoPostalCodes.map((place) => `${place.code} ${place.suburb}`),
  );
  const examSlugs = new Set(demoExams.map((exam) => exam.slug));
  for (const group of demoExamGroups) {
    for (const exam of group.exams) {
      if (!examSlugs.has(exam)) problems.push(`exam group ${group.slug}: unknown exam ${exam}`);
    }
  }
  for (const clinic of demoClinics) {
    if (!demoRegions.some((region) => region.slug === clinic.region)) {
      problems.push(`clinic ${clinic.slug}: unknown region ${clinic.region}`);
    }
    if (!isTimeZone(clinic.timeZone)) problems.push(`clinic ${clinic.slug}: bad time zone`);
    if (!demoPostalCodes.some((place) => place.code === clinic.postalCode)) {
      problems.push(`clinic ${clinic.slug}: postal code ${clinic.postalCode} has no location`);
    }
  }
  for (const exam of demoExams) {
    if (exam.walkIn && exam.bookingRequestOnly) {
      problems.push(`exam ${exam.slug}: cannot be walk-in and booking-request-only`);
    }
  }
  return problems;
}
