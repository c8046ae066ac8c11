import { type Db, storeTransaction } from '../../db/database.ts';
import { type AuditEvent, insertAuditEvent } from '../audit/index.ts';
import { releasedReports } from '../results/index.ts';
import * as repository from './report-feedback.repository.ts';

/** What the feedback service needs from storage, bound to the database or one transaction. */
export interface ReportFeedbackStore {
  transaction<T>(work: (tx: ReportFeedbackStore) => Promise<T>): Promise<T>;
  hasReleasedResult(accessionNumber: string): Promise<boolean>;
  feedbackGiven(accessionNumber: string): Promise<boolean>;
  insertFeedback(feedback: repository.NewFeedback, now: Date): Promise<{ id: string } | undefined>;
  insertAuditEvent(event: AuditEvent, now: Date): Promise<void>;
}

export function createReportFeedbackStore(db: Db): ReportFeedbackStore {
  return {
    transaction: (work) => storeTransaction(db, createReportFeedbackStore, work),
    // The results module's word for "released" (no SQL on its tables here).
    hasReleasedResult: async (accessionNumber) =>
      (await releasedReports(db).ofAccession(accessionNumber)) !== null,
    feedbackGiven: (accessionNumber) => repository.feedbackGiven(db, accessionNumber),
    insertFeedback: (feedback, now) => repository.insertFeedback(db, feedback, now),
    insertAuditEvent: (event, now) => insertAuditEvent(db, event, now),
  };
}
