export interface HealthServiceDeps {
  pingDatabase(): Promise<void>;
  /** How long a readiness probe waits for the database before calling it failed. */
  timeoutMs?: number;
}

export function createHealthService({ pingDatabase, timeoutMs = 2000 }: HealthServiceDeps) {
  return {
    async readiness(): Promise<{
      status: 'ready' | 'not_ready';
      checks: { database: 'ok' | 'failed' };
    }> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
      });
      try {
        await Promise.race([pingDatabase(), timeout]);
        return { status: 'ready', checks: { database: 'ok' } };
      } catch {
        return { status: 'not_ready', checks: { database: 'failed' } };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
