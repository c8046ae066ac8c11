// The failing tests of a Vitest JSON report, to be printed again at the end of `npm test`:
// CI keeps only the tail of the log, and a stage's own output scrolls out of it.

const linesPerFailure = 8;

/** Each failed test of `summary` (Vitest's JSON report), and each file that failed to run. */
export function failedTests(stage, summary, root = '') {
  const found = [];
  for (const file of summary.testResults ?? []) {
    const path = file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      found.push({ stage, path, title: test.fullName, message: test.failureMessages ?? [] });
    }
    if (file.status === 'failed' && failed.length === 0) {
      found.push({ stage, path, title: '(the file did not run)', message: [file.message ?? ''] });
    }
  }
  return found;
}

/** One block per failure: stage, file and test, then the first lines of its message. */
export function formatFailures(failures) {
  return failures
    .map(({ stage, path, title, message }) => {
      const lines = message.join('\n').split('\n').slice(0, linesPerFailure);
      return [`FAILED [${stage}] ${path} > ${title}`, ...lines.map((line) => `    ${line}`)].join(
        '\n',
      );
    })
    .join('\n\n');
}
