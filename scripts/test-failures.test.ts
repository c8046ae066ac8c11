import { describe, expect, it } from 'vitest';
import { failedTests, formatFailures } from './test-failures.mjs';

const report = {
  testResults: [
    {
      name: '/repo/apps/web/src/a.test.tsx',
      status: 'failed',
      assertionResults: [
        { status: 'passed', fullName: 'A works', failureMessages: [] },
        {
          status: 'failed',
          fullName: 'A breaks',
          failureMessages: [`AssertionError: expected 1 to be 2\n${'    at line\n'.repeat(20)}`],
        },
      ],
    },
    {
      name: '/repo/b.test.ts',
      status: 'failed',
      message: 'SyntaxError: nope',
      assertionResults: [],
    },
    { name: '/repo/c.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
  ],
};

describe('the failure summary at the end of npm test', () => {
  it('names each failed test and each file that did not run, relative to the root', () => {
    expect(
      failedTests('unit and web', report, '/repo/').map(({ path, title }) => [path, title]),
    ).toEqual([
      ['apps/web/src/a.test.tsx', 'A breaks'],
      ['b.test.ts', '(the file did not run)'],
    ]);
  });

  it('prints the stage, the test and the first lines of its message only', () => {
    const printed = formatFailures(failedTests('unit and web', report, '/repo/'));
    expect(printed).toContain('FAILED [unit and web] apps/web/src/a.test.tsx > A breaks');
    expect(printed).toContain('    AssertionError: expected 1 to be 2');
    expect(printed).toContain('FAILED [unit and web] b.test.ts > (the file did not run)');
    expect(printed.split('\n').filter((line) => line.includes('at line'))).toHaveLength(7);
  });

  it('has nothing to say of a green report', () => {
    expect(failedTests('e2e', { testResults: [report.testResults[2]] })).toEqual([]);
  });
});
