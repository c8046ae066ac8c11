// The tests run real programs from Debian (Chromium, OpenStack Swift, Orthanc: the
// ensure-*.mjs scripts name them). Each is installed with apt-get when missing and we may
// (root, on Debian), else the missing packages are named with the command to install them.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Makes sure every file of `programs` (path → Debian package) exists: installs the packages of
 * the missing ones (with `extraPackages`), or exits with the command to run. `what` names the
 * software, `why` says what needs it.
 */
export function ensureDebianPackages({ what, why, programs, extraPackages = [], hint = '' }) {
  const missingPackages = () => [
    ...new Set(
      Object.entries(programs)
        .filter(([program]) => !existsSync(program))
        .map(([, debianPackage]) => debianPackage),
    ),
  ];
  const missing = missingPackages();
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `${what} is missing. ${why}:\n` +
        `  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing.join(' ')}${hint}`,
    );
    process.exit(1);
  }
  const packages = [...missing, ...extraPackages];
  console.warn(
    `${what} is missing; installing Debian packages ${packages.join(', ')} with apt-get…`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  });
  const still = missingPackages();
  if (still.length > 0) {
    console.error(`apt-get finished but ${still.join(', ')} is still missing.`);
    process.exit(1);
  }
}
