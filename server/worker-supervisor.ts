import { fork, type ChildProcess } from 'node:child_process';

/** The job worker child of the default start on PostgreSQL (ADR 0030). */
export interface SupervisedWorker {
  /** The child's process id now; undefined between a death and the restart. */
  readonly pid: number | undefined;
  /** SIGTERM to the child (it finishes its job or gives back the lease, then exits) and no more restarts. */
  stop(): Promise<void>;
}

/** The first restart waits this long, each further one twice as long up to MAX_DELAY_MS. */
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** A child that ran this long before it died was healthy: its restart waits FIRST_DELAY_MS again. */
const HEALTHY_MS = 60_000;

/**
 * Runs `entry` (server/worker.ts, the code of `npm run worker`) as a child process the way this process runs: the
 * same Node and loader flags (tsx), the same environment, its output on this process's. A child that dies is started
 * again after 1 s, 2 s, 4 s... (at most 30 s). The child stops by itself when this process dies (its IPC channel closes).
 */
export function superviseWorker(entry: string): SupervisedWorker {
  let child: ChildProcess | undefined;
  let stopping = false;
  let delay = FIRST_DELAY_MS;
  let restart: NodeJS.Timeout | undefined;

  const start = () => {
    restart = undefined;
    const started = Date.now();
    // An inspector flag would make the child fight this process for its port.
    const c = fork(entry, [], { execArgv: process.execArgv.filter((a) => !a.startsWith('--inspect')) });
    child = c;
    let gone = false;
    const died = (how: string) => {
      if (gone) return;
      gone = true;
      if (child === c) child = undefined;
      if (stopping) return;
      if (Date.now() - started >= HEALTHY_MS) delay = FIRST_DELAY_MS;
      console.error(`job worker process ${c.pid ?? '?'} ${how}; starting another in ${delay / 1000} s`);
      restart = setTimeout(start, delay);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    };
    c.once('exit', (code, signal) => died(`exited (${signal ?? code})`));
    c.once('error', (err) => {
      // A child that could not be started emits no exit.
      if (c.pid === undefined) died(`could not start: ${err.message}`);
    });
    if (c.pid !== undefined) console.log(`job worker process ${c.pid} started`);
  };

  start();
  return {
    get pid() {
      return child?.pid;
    },
    async stop() {
      stopping = true;
      clearTimeout(restart);
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise<void>((res) => c.once('exit', () => res()));
      c.kill('SIGTERM');
      await exited;
    },
  };
}
