import type { ConsentFormConfig } from './consent-form-config.ts';
import type { ConsentFormStore } from './consent-forms-store.ts';
import { definitionHash } from './signature-hash.ts';

export interface ConsentFormSyncResult {
  created: string[];
  updated: string[];
  deactivated: string[];
}

/**
 * Writes config/consent-forms to the database at start, in every mode (the files are the
 * source, as for questionnaires). A change of what the patient reads adds a version; the old
 * one stays, because signatures name it and show it as it was. Who needs the form is a
 * current setting, updated in place. A file removed deactivates its form (signatures keep it).
 */
export async function syncConsentForms(
  store: ConsentFormStore,
  configs: readonly ConsentFormConfig[],
  now: Date,
): Promise<ConsentFormSyncResult> {
  return store.transaction(async (tx) => {
    await tx.lockForms();
    const existing = new Map((await tx.listForms()).map((row) => [row.slug, row]));
    const result: ConsentFormSyncResult = { created: [], updated: [], deactivated: [] };
    for (const config of configs) {
      const content = {
        title: config.title,
        signerNameQuestion: config.signerNameQuestion ?? null,
        survey: config.survey as Record<string, unknown>,
      };
      const version = { ...content, definitionHash: definitionHash(content) };
      const settings = {
        slug: config.slug,
        sortOrder: config.order,
        general: config.general,
        examSlugs: config.examSlugs,
        modalitySlugs: config.modalitySlugs,
        notifyPatient: config.notifyPatient,
      };
      const current = existing.get(config.slug);
      existing.delete(config.slug);
      if (!current) {
        await tx.insertForm(settings, version, now);
        result.created.push(config.slug);
        continue;
      }
      let currentVersion = current.version;
      if (current.definitionHash !== version.definitionHash) {
        currentVersion += 1;
        await tx.insertVersion(current.id, currentVersion, version, now);
        result.updated.push(config.slug);
      }
      await tx.updateForm(current.id, { ...settings, currentVersion, active: true }, now);
    }
    for (const gone of existing.values()) {
      if (!gone.active) continue;
      await tx.updateForm(
        gone.id,
        {
          sortOrder: gone.sortOrder,
          general: gone.general,
          examSlugs: gone.examSlugs,
          modalitySlugs: gone.modalitySlugs,
          notifyPatient: gone.notifyPatient,
          currentVersion: gone.version,
          active: false,
        },
        now,
      );
      result.deactivated.push(gone.slug);
    }
    return result;
  });
}
