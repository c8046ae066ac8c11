import type { Questionnaire } from '@portal/contract';
import type { Db } from '../../db/database.ts';
import type { SurveyConfig } from './questionnaire-config.ts';
import { toQuestionnaire } from './questionnaire-views.ts';
import { listCurrentDefinitions, modalityIds } from './questionnaires.repository.ts';

/** A questionnaire for referrers: the browser's view, and the survey its answers are checked by. */
export interface ReferrerQuestionnaire {
  questionnaire: Questionnaire;
  survey: SurveyConfig;
}

/**
 * The current FEEDBACK questionnaire meant for referrers (audience REFERRER; the first in the
 * configured order), for the report-quality feedback page (modules/report-feedback), or null
 * when the provider configured none. Read on every call: it is asked once per report, rarely.
 */
export async function currentReferrerFeedbackQuestionnaire(
  db: Db,
): Promise<ReferrerQuestionnaire | null> {
  const definition = (await listCurrentDefinitions(db, 'REFERRER')).find(
    (row) => row.type === 'FEEDBACK',
  );
  if (!definition) return null;
  return {
    questionnaire: toQuestionnaire(definition, await modalityIds(db)),
    survey: definition.survey,
  };
}
