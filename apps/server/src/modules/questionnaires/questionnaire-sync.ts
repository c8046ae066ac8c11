import { createHash } from 'node:crypto';
import type { QuestionnaireConfig } from './questionnaire-config.ts';
import type { QuestionnaireStore } from './questionnaire-store.ts';
import type { NewVersion } from './questionnaires.repository.ts';

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
  store: QuestionnaireStore,
  configs: readonly QuestionnaireConfig[],
  now: Date,
): Promise<SyncResult> {
  return store.transaction(async (tx) => {
    await tx.lockDefinitions();
    const existing = new Map((await tx.listAllCurrentDefinitions()).map((row) => [row.slug, row]));
    const result: SyncResult = { created: [], updated: [], deactivated: [] };
    for (const config of configs) {
      // Neither the order nor the audience (who is asked) changes what answers mean: no version.
      const { outcomes, order, audience, ...rest } = config;
      const contentHash = createHash('sha256')
        .update(JSON.stringify({ ...rest, outcomes }))
        .digest('hex');
      const version: NewVersion = {
        slug: config.slug,
        sortOrder: order,
        audience,
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
        await tx.insertQuestionnaire(version, now);
        result.created.push(config.slug);
        continue;
      }
      let currentVersion = current.version;
      if (current.contentHash !== contentHash) {
        currentVersion += 1;
        await tx.insertVersion(current.id, currentVersion, version, now);
        result.updated.push(config.slug);
      }
      if (
        currentVersion !== current.version ||
        current.sortOrder !== order ||
        current.audience !== audience ||
        !current.active
      ) {
        await tx.updateQuestionnaire(
          current.id,
          { currentVersion, sortOrder: order, audience, active: true },
          now,
        );
      }
    }
    for (const gone of existing.values()) {
      if (!gone.active) continue;
      await tx.updateQuestionnaire(
        gone.id,
        {
          currentVersion: gone.version,
          sortOrder: gone.sortOrder,
          audience: gone.audience,
          active: false,
        },
        now,
      );
      result.deactivated.push(gone.slug);
    }
    return result;
  });
}
