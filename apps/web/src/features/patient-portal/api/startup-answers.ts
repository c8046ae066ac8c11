import { hashKey, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Answers fetched before the page first rendered (api/page-prefetch.ts), by query hash, with the
 * time each arrived. The page's first mount takes such an answer as it is, instead of asking the
 * server again at once (each summary and results read is audited); the mark goes when that
 * page unmounts, so every later mount refetches (those queries are never fresh).
 */
const startupAnswers = new Map<string, number>();

/** Marks an answer the app fetched before any page used it. */
export function markStartupAnswer(query: Query | undefined): void {
  if (query?.state.status !== 'success' || query.getObserversCount() > 0) return;
  startupAnswers.set(query.queryHash, query.state.dataUpdatedAt);
}

/** A query's `refetchOnMount`: not for a start-up answer's first mount. */
export function refetchOnMount(query: {
  queryHash: string;
  state: { dataUpdatedAt: number };
}): boolean {
  return startupAnswers.get(query.queryHash) !== query.state.dataUpdatedAt;
}

/** The page's hook: its start-up answer counts for this mount only. */
export function useStartupAnswerOnce(queryKey: readonly unknown[]) {
  const hash = hashKey(queryKey);
  useEffect(() => () => void startupAnswers.delete(hash), [hash]);
}
