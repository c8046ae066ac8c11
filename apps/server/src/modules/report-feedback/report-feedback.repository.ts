import type { Db } from '../../db/database.ts';

/** Who gave feedback: a viewer link's audience and token id, or a staff session's subject. */
export type FeedbackGiver =
  | { givenBy: 'REFERRER' | 'EXTERNAL'; linkTokenId: string }
  | { givenBy: 'STAFF'; staffSubject: string };

export interface NewFeedback {
  accessionNumber: string;
  questionnaireId: string;
  questionnaireVersion: number;
  result: Record<string, unknown>;
  giver: FeedbackGiver;
}

export async function feedbackGiven(db: Db, accessionNumber: string): Promise<boolean> {
  const row = await db
    .selectFrom('report_quality_feedback')
    .select('id')
    .where('accession_number', '=', accessionNumber)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores the feedback unless the report has some already: the unique accession number decides
 * between concurrent answers (the loser waits for the winner's commit, then inserts nothing).
 * Undefined when nothing was stored.
 */
export async function insertFeedback(
  db: Db,
  feedback: NewFeedback,
  now: Date,
): Promise<{ id: string } | undefined> {
  return db
    .insertInto('report_quality_feedback')
    .values({
      accession_number: feedback.accessionNumber,
      questionnaire_id: feedback.questionnaireId,
      questionnaire_version: feedback.questionnaireVersion,
      result: JSON.stringify(feedback.result),
      given_by: feedback.giver.givenBy,
      link_token_id: feedback.giver.givenBy === 'STAFF' ? null : feedback.giver.linkTokenId,
      staff_subject: feedback.giver.givenBy === 'STAFF' ? feedback.giver.staffSubject : null,
      created_at: now,
    })
    .onConflict((conflict) => conflict.column('accession_number').doNothing())
    .returning('id')
    .executeTakeFirst();
}
