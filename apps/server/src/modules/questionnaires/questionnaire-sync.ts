import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { QuestionnaireConfig } from './questionnaire-config.ts';
import * as repository from './questionnaires.repository.ts';

export interface SyncResult {
  created: string[];
  updated: string[];
  deactivated: string[];
}

/**
 * Writes config/questionnaires to the database at start, in every mode: the
 * definitions are the provider's configuration (like its exams' notes), so the
 * files are the source and the database follows them. A definition whose
 * content changed gets a new version; the old version stays, because stored
 * answers name it and are evaluated with the rules they were given under.
 * A file removed from config deactivates its questionnaire (answers keep it).
 */
export async function syncQuestionnaires(
  db: Kysely<Database>,
  configs: readonly QuestionnaireConfig[],
  now: Date,
): Promise<SyncResult> {
  return db.transaction().execute(async (tx) => {
    await repository.lockDefinitions(tx);
    const existing = new Map(
      (await repository.listAllCurrentDefinitions(tx)).map((row) => [row.slug, row]),
    );
    const result: SyncResult = { created: [], updated: [], deactivated: [] };
    for (const config of configs) {
      const { outcomes, order, ...rest } = config;
      const contentHash = createHash('sha256')
        .update(JSON.stringify({ ...rest, outcomes }))
        .digest('hex');
      const version: repository.NewVersion = {
        slug: config.slug,
        sortOrder: order,
        type: config.type,
        title: config.title,
        modalSize: config.modalSize,
        showClosingConfirmation: config.showClosingConfirmation,
        general: config.general,
        requiredBeforeBooking: config.requiredBeforeBooking,
        examSlugs: config.examSlugs,
        modalitySlugs: config.modalitySlugs,
        survey: config.survey,
        outcomeRules: outcomes,
        contentHash,
      };
      const current = existing.get(config.slug);
      existing.delete(config.slug);
      if (!current) {
        await repository.insertQuestionnaire(tx, version, now);
        result.created.push(config.slug);
        continue;
      }
      let currentVersion = current.version;
      if (current.contentHash !== contentHash) {
        currentVersion += 1;
        await repository.insertVersion(tx, current.id, currentVersion, version, now);
        result.updated.push(config.slug);
      }
      if (currentVersion !== current.version || current.sortOrder !== order || !current.active) {
        await repository.updateQuestionnaire(
          tx,
          current.id,
          { currentVersion, sortOrder: order, active: true },
          now,
        );
      }
    }
    for (const gone of existing.values()) {
      if (!gone.active) continue;
      await repository.updateQuestionnaire(
        tx,
        gone.id,
        { currentVersion: gone.version, sortOrder: gone.sortOrder, active: false },
        now,
      );
      result.deactivated.push(gone.slug);
    }
    return result;
  });
}
