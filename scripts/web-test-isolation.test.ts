import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../apps/web/src/', import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('web test isolation (apps/web/vitest.shared.ts)', () => {
  it('replaces modules with vi.mock only in *.isolated.test files', () => {
    const shared = testFiles(src).filter((path) => !/\.isolated\.test\.tsx?$/.test(path));
    const mocking = shared.filter((path) =>
      /\bvi\.(mock|doMock)\(/.test(readFileSync(path, 'utf8')),
    );
    expect(mocking.map((path) => relative(src, path))).toEqual([]);
  });

  it('finds the test files it checks', () => {
    expect(testFiles(src).length).toBeGreaterThan(50);
  });
});
