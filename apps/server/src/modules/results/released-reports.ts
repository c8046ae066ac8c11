import type { Db } from '../../db/database.ts';
import { releasedResultOfAccession } from './results.repository.ts';

/**
 * A study's released report as the image viewer's quick report shows it to the link's holder
 * (docs/product/images.md#quick-report): what the report itself says and where and when the
 * study was done. Nothing else of the patient: no name, address, contact or other bookings.
 */
export interface ReleasedReport {
  accessionNumber: string;
  examName: string;
  clinicName: string;
  /** The appointment's day in the clinic's zone, YYYY-MM-DD. */
  studyDate: string;
  /** The clinic's IANA zone, in which the web writes releasedAt. */
  timeZone: string;
  releasedAt: Date;
  title: string;
  text: string;
}

/** en-CA writes a date as YYYY-MM-DD (as check-in's clinicToday does). */
const clinicDay = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);

/** "The released report of accession X", for the image viewer module (no SQL across modules). */
export function releasedReports(db: Db) {
  return {
    async ofAccession(accessionNumber: string): Promise<ReleasedReport | null> {
      const row = await releasedResultOfAccession(db, accessionNumber);
      if (!row?.releasedAt || row.reportTitle === null) return null;
      return {
        accessionNumber,
        examName: row.examName,
        clinicName: row.clinicName,
        studyDate: clinicDay(row.startsAt, row.timeZone),
        timeZone: row.timeZone,
        releasedAt: row.releasedAt,
        title: row.reportTitle,
        text: row.reportText ?? '',
      };
    },
  };
}

export type ReleasedReports = ReturnType<typeof releasedReports>;
