// The boundaries between modules and features, checked from the import statements alone (run by
// `npm test` through check-boundaries.mjs; the rules are ARCHITECTURE.md's "Boundaries"):
//
// 1. A server module (apps/server/src/modules/<name>/) or a web feature
//    (apps/web/src/features/<name>/) is entered only through its index.ts: a file outside it
//    imports `<name>/index.ts` and nothing else of it.
// 2. Web layers point one way: shared code (components/, lib/) imports no feature and not the
//    app; features do not import the app. The test harness (testing/) and tests render the whole
//    app, so they may import it.
// 3. No cycles: none between files, none between modules or features.
// 4. SQL stays in repositories: on the server, only `*.repository.ts` files and `db/` use Kysely's
//    `sql` or hold a `RawBuilder`, or build queries (`selectFrom`, `insertInto`, `updateTable`,
//    `deleteFrom`). A module lends SQL to another's statement only as an opaque part
//    (db/statement-parts.ts, decision 017).
//
// Tests (*.test.ts, *.test.tsx) may reach into their own module's files like any file of it, and
// are left out of the cycle check; they obey rule 1 for other modules.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

const sourcePattern = /\.(ts|tsx|mts|mjs)$/;
const testPattern = /\.test\.(ts|tsx)$/;
const importPattern =
  /(?:^|[^\w.])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative import specifiers of one source file (packages are not boundaries). */
export function importsOf(source) {
  const specifiers = [];
  // Comments may quote import statements; they are not imports.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  for (const match of code.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (specifier?.startsWith('.')) specifiers.push(specifier);
  }
  return specifiers;
}

const sqlPattern =
  /import\s*(?:type\s*)?\{[^}]*\b(?:sql|RawBuilder)\b[^}]*\}\s*from\s*['"]kysely['"]|\.(?:selectFrom|insertInto|updateTable|deleteFrom)\(/;

/** Whether a server file may hold SQL (rule 4). Tests may: they set up and read rows. */
function maySpeakSql(path) {
  return (
    !path.startsWith('apps/server/src/') ||
    path.startsWith('apps/server/src/db/') ||
    path.endsWith('.repository.ts') ||
    testPattern.test(path)
  );
}

/**
 * Which walled area a file belongs to: { kind, name, root } for a server module or a web feature,
 * { kind: 'web-shared' } for components/ and lib/, { kind: 'web-app' } for app/, else null.
 * Paths are repository-relative with forward slashes.
 */
export function areaOf(path) {
  const server = /^apps\/server\/src\/modules\/([^/]+)\//.exec(path);
  if (server) return { kind: 'module', name: server[1], root: server[0] };
  const feature = /^apps\/web\/src\/features\/([^/]+)\//.exec(path);
  if (feature) return { kind: 'feature', name: feature[1], root: feature[0] };
  if (/^apps\/web\/src\/(components|lib)\//.test(path)) return { kind: 'web-shared' };
  if (/^apps\/web\/src\/app\//.test(path)) return { kind: 'web-app' };
  return null;
}

function resolveImport(from, specifier, files) {
  const base = normalize(join(dirname(from), specifier))
    .split(sep)
    .join('/');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => files.has(candidate)) ?? base;
}

/** Strongly connected components of more than one node (or a node importing itself). */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indices = new Map();
  const lowLinks = new Map();
  const found = [];
  const visit = (node) => {
    indices.set(node, index);
    lowLinks.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowLinks.set(node, Math.min(lowLinks.get(node), lowLinks.get(next)));
      } else if (onStack.has(next)) {
        lowLinks.set(node, Math.min(lowLinks.get(node), indices.get(next)));
      }
    }
    if (lowLinks.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return found;
}

/**
 * Every broken rule in a tree given as Map<repository-relative path, source text>: an array of
 * human-readable lines, empty when the tree keeps its boundaries.
 */
export function findBoundaryViolations(files) {
  const violations = [];
  const fileGraph = new Map();
  const areaGraph = new Map();
  const addEdge = (graph, from, to) => {
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from).add(to);
  };
  for (const [path, source] of files) {
    const from = areaOf(path);
    const isTest = testPattern.test(path);
    if (!maySpeakSql(path) && sqlPattern.test(source)) {
      violations.push(`${path} holds SQL: move it to a *.repository.ts (decision 017)`);
    }
    for (const specifier of importsOf(source)) {
      const target = resolveImport(path, specifier, files);
      const to = areaOf(target);
      const where = `${path} imports ${specifier}`;
      const otherArea = to?.root !== undefined && to.root !== from?.root;
      if (otherArea && target !== `${to.root}index.ts` && target !== `${to.root}index.tsx`) {
        violations.push(`${where}: enter ${to.kind} '${to.name}' through ${to.root}index.ts`);
      }
      if (isTest) continue;
      if (from?.kind === 'web-shared' && (to?.kind === 'feature' || to?.kind === 'web-app')) {
        violations.push(`${where}: shared web code may not depend on ${to.kind} code`);
      }
      if (from?.kind === 'feature' && to?.kind === 'web-app') {
        violations.push(`${where}: a feature may not depend on the app`);
      }
      if (testPattern.test(target)) continue;
      addEdge(fileGraph, path, target);
      if (otherArea && from?.root !== undefined) addEdge(areaGraph, from.root, to.root);
    }
  }
  for (const component of cycles(fileGraph)) {
    violations.push(`import cycle between files: ${component.join(' -> ')}`);
  }
  for (const component of cycles(areaGraph)) {
    violations.push(`import cycle between modules or features: ${component.join(' <-> ')}`);
  }
  return violations;
}

/** The source files under the given folders of a repository, read into the checker's input. */
export function readTree(root, folders) {
  const files = new Map();
  const walk = (folder) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path);
      } else if (sourcePattern.test(entry.name)) {
        files.set(
          relative(root, join(root, path)).split(sep).join('/'),
          readFileSync(join(root, path), 'utf8'),
        );
      }
    }
  };
  for (const folder of folders) walk(folder);
  return files;
}

export const checkedFolders = ['apps/server/src', 'apps/server/test', 'apps/web/src', 'packages'];
