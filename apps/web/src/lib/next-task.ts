/**
 * Resolves in a later macrotask: between two steps the browser may paint and handle input, so
 * start-up work split this way stays under the 50 ms a long task starts at on Lighthouse's
 * 4x slower mobile CPU (TBT, the booking home's speed budget in docs/benchmarks.md).
 */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
