import type { Clock } from '../../adapters/clock.ts';
import { createPacsClient, type PacsSettings } from '../../adapters/pacs.ts';

/**
 * The results' "View images" (docs/product/images.md#results): of some accession numbers, the
 * ones the PACS holds. Answers are kept five minutes; a PACS that is down or slow (at most
 * 3 s here) gives "none" rather than failing the results page.
 */
export function resultImages(pacs: PacsSettings | null, clock: Clock) {
  const client = pacs
    ? createPacsClient({ ...pacs, timeoutMs: Math.min(pacs.timeoutMs, 3000) })
    : null;
  const known = new Map<string, { held: boolean; at: number }>();
  const ttlMs = 5 * 60_000;
  return {
    async available(accessionNumbers: string[]): Promise<Set<string>> {
      const held = new Set<string>();
      if (!client) return held;
      const now = clock.now().getTime();
      await Promise.all(
        [...new Set(accessionNumbers)].map(async (accessionNumber) => {
          const hit = known.get(accessionNumber);
          let isHeld = hit && now - hit.at < ttlMs ? hit.held : undefined;
          if (isHeld === undefined) {
            try {
              isHeld = (await client.studiesByAccession(accessionNumber)).length > 0;
              known.set(accessionNumber, { held: isHeld, at: now });
              if (known.size > 1000) known.delete(known.keys().next().value as string);
            } catch {
              isHeld = false;
            }
          }
          if (isHeld) held.add(accessionNumber);
        }),
      );
      return held;
    },
  };
}
