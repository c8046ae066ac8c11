#!/usr/bin/env node
// `npm run check:boundaries` (and a stage of `npm test`): fails on an import into another module's
// or feature's internals, on shared web code depending on features, and on any import cycle.
import { checkedFolders, findBoundaryViolations, readTree } from './boundaries.mjs';

const root = new URL('..', import.meta.url).pathname;
const files = readTree(root, checkedFolders);
const violations = findBoundaryViolations(files);
if (violations.length > 0) {
  console.error(
    `Module boundaries: ${violations.length} broken (see ARCHITECTURE.md, "Boundaries"):`,
  );
  for (const line of violations) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`Module boundaries: ${files.size} files checked, none broken.`);
