import type { QuestionnaireStore } from './questionnaire-store.ts';
import type { DefinitionRow } from './questionnaires.repository.ts';

/**
 * The current definitions, read at most once a minute per instance.
 * Appointment creation consults them on every request, and they change only
 * when an instance starts with edited config files (questionnaire-sync.ts),
 * so a minute's delay before the others see an edit is harmless.
 */
export function createDefinitionCache(
  store: Pick<QuestionnaireStore, 'listCurrentDefinitions'>,
  maxAgeMs = 60_000,
) {
  let cached: { at: number; rows: Promise<DefinitionRow[]> } | null = null;
  return {
    current(): Promise<DefinitionRow[]> {
      const now = performance.now();
      if (!cached || now - cached.at > maxAgeMs) {
        const rows = store.listCurrentDefinitions();
        cached = { at: now, rows };
        // A failed read is not kept: the next call tries again.
        rows.catch(() => {
          if (cached?.rows === rows) cached = null;
        });
      }
      return cached.rows;
    },
  };
}
