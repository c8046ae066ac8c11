import { describe, expect, it } from 'vitest';
import { checkedFolders, findBoundaryViolations, importsOf, readTree } from './boundaries.mjs';

const tree = (files: Record<string, string>) => new Map(Object.entries(files));
const server = 'apps/server/src/modules';
const web = 'apps/web/src';

describe('the boundary check', () => {
  it('passes on the repository as it is', () => {
    const root = new URL('..', import.meta.url).pathname;
    const files = readTree(root, checkedFolders);
    expect(files.size).toBeGreaterThan(300);
    expect(findBoundaryViolations(files)).toEqual([]);
  });

  it("fails on a deliberate import of another module's internals, and passes through its door", () => {
    const files = tree({
      [`${server}/booking/booking.service.ts`]:
        "import { listSlots } from '../availability/availability.repository.ts';",
      [`${server}/availability/availability.repository.ts`]: 'export const listSlots = 1;',
      [`${server}/availability/index.ts`]: "export * from './availability.repository.ts';",
    });
    expect(findBoundaryViolations(files)).toEqual([
      `${server}/booking/booking.service.ts imports ../availability/availability.repository.ts: enter module 'availability' through ${server}/availability/index.ts`,
    ]);
    files.set(
      `${server}/booking/booking.service.ts`,
      "import { listSlots } from '../availability/index.ts';",
    );
    expect(findBoundaryViolations(files)).toEqual([]);
  });

  it("fails on a web feature reaching into another feature's files, type imports too", () => {
    const files = tree({
      [`${web}/features/kiosk/routes/page.tsx`]:
        "import type { Exam } from '../../booking/api/catalogue-api.ts';",
      [`${web}/features/booking/api/catalogue-api.ts`]: 'export type Exam = {};',
      [`${web}/features/booking/index.ts`]: "export * from './api/catalogue-api.ts';",
    });
    expect(findBoundaryViolations(files)).toHaveLength(1);
  });

  it('fails on a deliberate cycle between modules, and between files', () => {
    const modules = tree({
      [`${server}/a/index.ts`]: "import { b } from '../b/index.ts'; export const a = 1;",
      [`${server}/b/index.ts`]: "import { a } from '../a/index.ts'; export const b = 2;",
    });
    const violations = findBoundaryViolations(modules);
    expect(violations).toContain(
      `import cycle between modules or features: ${server}/a/ <-> ${server}/b/`,
    );
    expect(violations.some((line) => line.startsWith('import cycle between files'))).toBe(true);

    const files = tree({
      [`${server}/a/one.ts`]: "export { two } from './two.ts';",
      [`${server}/a/two.ts`]: "import { one } from './one.ts';\nexport const two = one;",
    });
    expect(findBoundaryViolations(files)).toEqual([
      `import cycle between files: ${server}/a/one.ts -> ${server}/a/two.ts`,
    ]);
  });

  it('keeps shared web code from depending on features and features from depending on the app', () => {
    const files = tree({
      [`${web}/lib/helper.ts`]: "import { x } from '../features/booking/index.ts';",
      [`${web}/features/booking/index.ts`]: "import { router } from '../../app/router.tsx';",
      [`${web}/app/router.tsx`]: 'export const router = 1;',
    });
    expect(findBoundaryViolations(files)).toEqual([
      `${web}/lib/helper.ts imports ../features/booking/index.ts: shared web code may not depend on feature code`,
      `${web}/features/booking/index.ts imports ../../app/router.tsx: a feature may not depend on the app`,
    ]);
  });

  it('lets tests render the app and ignores tests in the cycle check', () => {
    const files = tree({
      [`${web}/features/kiosk/page.test.tsx`]: "import { router } from '../../app/router.tsx';",
      [`${web}/app/router.tsx`]: "import './x.test.tsx';",
    });
    expect(findBoundaryViolations(files)).toEqual([]);
  });

  it('reads import, export-from, type and dynamic imports, not comments or packages', () => {
    expect(
      importsOf(`
        import a from './a.ts';
        import type { B } from "../b.ts";
        export { c } from './c.ts';
        export * from './d.ts';
        const e = await import('./e.ts');
        import 'zod';
        // import { f } from './f.ts';
        /* import { g } from './g.ts'; */
      `),
    ).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts', './e.ts']);
  });

  it('fails on SQL outside a repository, and passes it in one or in db/', () => {
    const files = tree({
      [`${server}/booking/booking-cleanup.ts`]:
        "import { sql } from 'kysely';\nexport const run = (db) => sql`DELETE FROM holds`.execute(db);",
      [`${server}/booking/booking.service.ts`]:
        "export const read = (db) => db.selectFrom('booking_keys').selectAll().execute();",
      [`${server}/booking/booking-store.ts`]:
        "import type { Kysely } from 'kysely';\nexport type Store = Kysely<unknown>;",
      [`${server}/booking/booking.repository.ts`]:
        "import { type RawBuilder, sql } from 'kysely';\nexport const x: RawBuilder<boolean> = sql`true`;",
      ['apps/server/src/db/statement-parts.ts']: "import { sql } from 'kysely';",
      [`${server}/booking/booking.int.test.ts`]: "import { sql } from 'kysely';",
    });
    expect(findBoundaryViolations(files)).toEqual([
      `${server}/booking/booking-cleanup.ts holds SQL: move it to a *.repository.ts (decision 017)`,
      `${server}/booking/booking.service.ts holds SQL: move it to a *.repository.ts (decision 017)`,
    ]);
  });
});
