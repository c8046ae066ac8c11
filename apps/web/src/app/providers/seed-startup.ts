import type { PortalBootstrap } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { configQuery, translationsQuery } from './startup-queries.ts';

/**
 * Puts the inlined start-up data into the query cache under the keys Startup reads, so the
 * first render has it without a request. The queries never go stale, so nothing refetches;
 * a `lang` override naming another locale still fetches that locale's translations.
 */
export function seedStartupQueries(client: QueryClient, bootstrap: PortalBootstrap | null): void {
  if (!bootstrap) return;
  const { config } = bootstrap;
  client.setQueryData(configQuery('application').queryKey, config.application);
  client.setQueryData(configQuery('integration').queryKey, config.integration);
  client.setQueryData(configQuery('bodyFigure').queryKey, config.bodyFigure);
  client.setQueryData(configQuery('radiology').queryKey, config.radiology);
  client.setQueryData(translationsQuery(bootstrap.locale).queryKey, bootstrap.translations);
}
