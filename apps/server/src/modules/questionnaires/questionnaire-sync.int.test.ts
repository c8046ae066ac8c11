import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { DatabaseHandle } from '../../db/create-db.ts';
import { loadQuestionnaireConfig, syncQuestionnaires } from './index.ts';
import { listCurrentDefinitions } from './questionnaires.repository.ts';

const configDir = fileURLToPath(new URL('../../../../../config', import.meta.url));
const demo = loadQuestionnaireConfig(configDir);
const now = new Date('2026-03-02T00:00:00Z');
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('syncQuestionnaires (start-up, every mode)', () => {
  it('creates every definition once, then changes nothing while the files are unchanged', async () => {
    const first = await syncQuestionnaires(database.db, demo, now);
    expect(first.created).toHaveLength(demo.length);
    const again = await syncQuestionnaires(database.db, demo, now);
    expect(again).toEqual({ created: [], updated: [], deactivated: [] });
  });

  it('adds a version when a file changes and keeps the old one for stored answers', async () => {
    const edited = demo.map((config) =>
      config.slug === 'mri-safety' ? { ...config, title: 'MRI safety questions' } : config,
    );
    const result = await syncQuestionnaires(database.db, edited, now);
    expect(result.updated).toEqual(['mri-safety']);
    const current = (await listCurrentDefinitions(database.db)).find(
      (row) => row.slug === 'mri-safety',
    );
    expect(current).toMatchObject({ version: 2, title: 'MRI safety questions' });
    const versions = await database.db
      .selectFrom('questionnaire_versions')
      .select('version')
      .where('questionnaire_id', '=', current!.id)
      .orderBy('version')
      .execute();
    expect(versions.map((row) => row.version)).toEqual([1, 2]);
  });

  it('a changed order alone is no new version; a removed file deactivates its questionnaire', async () => {
    const reordered = demo.map((config) =>
      config.slug === 'feedback' ? { ...config, order: 99 } : config,
    );
    // (mri-safety goes back to the file's title: that is a content change.)
    expect((await syncQuestionnaires(database.db, reordered, now)).updated).toEqual(['mri-safety']);
    const without = demo.filter((config) => config.slug !== 'feedback');
    const result = await syncQuestionnaires(database.db, without, now);
    expect(result.deactivated).toEqual(['feedback']);
    const active = await listCurrentDefinitions(database.db);
    expect(active.some((row) => row.slug === 'feedback')).toBe(false);
    expect((await syncQuestionnaires(database.db, demo, now)).deactivated).toEqual([]);
    expect((await listCurrentDefinitions(database.db)).some((row) => row.slug === 'feedback')).toBe(
      true,
    );
  });
});
