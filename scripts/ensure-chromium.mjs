#!/usr/bin/env node
// The end-to-end tests drive Debian's Chromium (browsers that download
// themselves cannot be fetched here).
import { ensureDebianPackages } from './debian-packages.mjs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  ensureDebianPackages({
    what: `Chromium (${chromiumPath})`,
    why: "The end-to-end tests need Debian's Chromium",
    programs: { [chromiumPath]: 'chromium' },
    extraPackages: ['fonts-dejavu-core'],
    hint: '\nor point CHROMIUM_PATH at a Chromium/Chrome binary.',
  });
  return chromiumPath;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
