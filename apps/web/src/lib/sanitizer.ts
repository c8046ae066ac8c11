/**
 * DOMPurify (about 11.5 KB gzip) is loaded on demand: most providers configure no banner,
 * header or footer HTML, so the booking home's first paint does not need it. Startup waits
 * for it before the first render when the shell shows configuration HTML; the static pages
 * load it with their route module.
 */
import type { RadiologyConfig } from '@portal/contract';

type SanitizeModule = typeof import('./sanitize.ts');

let loaded: SanitizeModule | undefined;
let pending: Promise<SanitizeModule> | undefined;

export function loadSanitizer(): Promise<SanitizeModule> {
  pending ??= import('./sanitize.ts').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      // A failed fetch may be retried.
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** The sanitizer when it has loaded, else undefined. */
export function loadedSanitizer(): SanitizeModule | undefined {
  return loaded;
}

/** Whether the shell (banner, header message, footer) shows configuration HTML. */
export function shellShowsHtml(
  radiology: Pick<RadiologyConfig, 'bannerMessage' | 'customHeaderMessage' | 'customFooter'>,
): boolean {
  return (
    [radiology.bannerMessage, radiology.customHeaderMessage, radiology.customFooter]
      .join('')
      .trim() !== ''
  );
}
