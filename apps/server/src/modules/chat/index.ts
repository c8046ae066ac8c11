import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock.ts';
import type { Database } from '../../db/database.ts';
import { createProviderChatOutcomes } from './chat.service.ts';
import { createChatStore } from './chat-store.ts';

export { BookingRequestAlreadyBookedError, BookingRequestClosedError } from './chat.errors.ts';
export type { ProviderChatOutcomes } from './chat.service.ts';

/**
 * The chat desk's outcomes for booking requests (docs/product/chat.md, decision 040), served by
 * the integration module under /api/integration: no routes of its own.
 */
export function providerChatOutcomes(deps: { db: Kysely<Database>; clock: Clock }) {
  return createProviderChatOutcomes({ store: createChatStore(deps.db), clock: deps.clock });
}
