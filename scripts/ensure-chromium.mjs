#!/usr/bin/env node
// The end-to-end tests drive Debian's Chromium (browsers that download
// themselves cannot be fetched here).
import { ensureDebianPackages } from './debian-packages.mjs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  ensureDebianPackages({
    what: `Chromium (${chromiumPath})`,
    why: "The end-to-end tests need Debian's Chromium (and openssl, for the embedding test's HTTPS)",
    programs: { [chromiumPath]: 'chromium', '/usr/bin/openssl': 'openssl' },
    extraPackages: ['fonts-dejavu-core'],
    hint: '\nor point CHROMIUM_PATH at a Chromium/Chrome binary.',
  });
  return chromiumPath;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
