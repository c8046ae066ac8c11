import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * What the real servers the tests start share (swift.ts, orthanc.ts): the check that Debian's
 * programs are there, free loopback ports, and a child process with its output in a log file,
 * stopped politely then firmly.
 */

/** Throws, naming the missing files and the script that installs them, when any is missing. */
export function assertInstalled(what: string, programs: string[], script: string): void {
  const missing = programs.filter((program) => !existsSync(program));
  if (missing.length > 0) {
    throw new Error(
      `${what} is not installed (missing ${missing.join(', ')}). As root: node scripts/${script}`,
    );
  }
}

/** Ports free right now (the kernel's choice); a server that loses one is started again. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

export interface Started {
  name: string;
  child: ChildProcess;
  log: string;
  exited: Promise<void>;
  /** undefined while it runs; its exit code (-1 when it could not start) once it ended. */
  exitCode: number | null | undefined;
}

/** Starts `command` with stdout and stderr in the file `log`. */
export function launch(name: string, log: string, command: string, args: string[]): Started {
  const output = openSync(log, 'w');
  const child = spawn(command, args, { stdio: ['ignore', output, output] });
  const started: Started = { name, child, log, exitCode: undefined, exited: Promise.resolve() };
  started.exited = new Promise((resolve) => {
    child.once('exit', (code) => {
      started.exitCode = code;
      resolve();
    });
    child.once('error', () => {
      started.exitCode = -1;
      resolve();
    });
  });
  return started;
}

/** SIGTERM, then SIGKILL after `graceMs`; answers once every one has exited. */
export async function stopAll(processes: Started[], graceMs = 3000): Promise<void> {
  await Promise.all(
    processes.map(async (process) => {
      if (process.exitCode !== undefined) return;
      process.child.kill('SIGTERM');
      const killed = setTimeout(() => process.child.kill('SIGKILL'), graceMs);
      await process.exited;
      clearTimeout(killed);
    }),
  );
}

/** The last lines of a log, for an error message. */
export const logTail = (file: string) =>
  readFileSync(file, 'utf8').trim().split('\n').slice(-15).join('\n');
