/**
 * Runs a task again `intervalMs` after each run ends (never two at once), on an unref'd timer
 * so it never keeps the process alive on its own. `stop()` waits for a run in progress, so
 * shutdown does not cut a batch in half. Used by the outbox worker and the booking clean-up.
 */
export function createPeriodicTask(
  runOnce: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch(onError)
        .finally(() => {
          running = null;
          schedule();
        });
    }, intervalMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
