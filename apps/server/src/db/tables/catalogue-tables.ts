/**
 * Tables added for the booking catalogue, locations and availability (issue 3):
 * mobile locations, body parts, walk-in settings. Owned by the availability work;
 * `Database` in ../database.ts extends this interface.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the catalogue migration
export interface CatalogueTables {}
