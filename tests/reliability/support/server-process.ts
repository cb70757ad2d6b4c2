// A real Case Router server as a child process (node server/src/main.ts) on 127.0.0.1, for the suites that
// kill, stop and restart it. Its JSON log lines are kept, so a test can wait for what the server has seen.
//
//   const server = await startServerProcess({ port: 9401, env: { DATA_DIR: dir } });
//   await server.waitForLog((line) => line.msg === 'incoming request');
//   await server.stop('SIGTERM');          // resolves with how it exited
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

const MAIN = resolve(import.meta.dirname, '../../../server/src/main.ts');
export const PUBLIC_URL = 'https://localhost:8443';

export type LogLine = Record<string, unknown>;

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Every JSON line the server logged, in order. */
  readonly logs: LogLine[];
  readonly exited: Promise<Exit>;
  /** Resolves with the first log line (from the start) that matches; rejects past the deadline or on exit. */
  waitForLog(predicate: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Sends the signal and resolves once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

export interface StartOptions {
  readonly port: number;
  /** On top of: TLS off, the test public URL, no demo seeding, info logs; DATA_DIR or DATABASE_URL at least. */
  readonly env: NodeJS.ProcessEnv;
  /** How long to wait for /health/ready; default 90 s (a loaded machine starts slowly). */
  readonly readyTimeoutMs?: number;
}

/** Polls until check() resolves true; throws `what` past the deadline. No fixed sleeps: a short poll. */
export async function pollUntil(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 30_000,
  intervalMs = 25,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((done) => setTimeout(done, intervalMs));
  }
}

export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env['PATH'],
      HOME: process.env['HOME'],
      PORT: String(options.port),
      HOST: '127.0.0.1',
      TLS: 'off',
      PUBLIC_URL,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_USER: '100000',
      RATE_LIMIT_PER_ADDRESS: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  const waiters = new Set<{ predicate: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (text) => {
      output.push(text);
      if (output.length > 200) output.shift();
      if (!text.startsWith('{')) return;
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        return;
      }
      logs.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(line)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      }
    });
  }
  const exited = new Promise<Exit>((done) => {
    child.once('exit', (code, signal) => {
      done({ code, signal });
    });
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const server: ServerProcess = {
    url,
    child,
    logs,
    exited,
    waitForLog(predicate, timeoutMs = 30_000) {
      const already = logs.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolveLine, reject) => {
        const waiter = { predicate, resolve: resolveLine };
        waiters.add(waiter);
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No such log line within ${timeoutMs} ms`));
        }, timeoutMs);
        waiter.resolve = (line) => {
          clearTimeout(timer);
          resolveLine(line);
        };
        void exited.then(() => {
          if (waiters.delete(waiter)) {
            clearTimeout(timer);
            reject(new Error('The server exited before logging it'));
          }
        });
      });
    },
    async stop(signal = 'SIGTERM') {
      if (!hasExited) child.kill(signal);
      return exited;
    },
  };

  try {
    await pollUntil(
      async () => {
        if (hasExited) throw new Error(`The server exited while starting:\n${output.join('\n')}`);
        const response = await fetch(`${url}/api/v1/health/ready`).catch(() => undefined);
        return response?.status === 200;
      },
      `the server on port ${options.port} to be ready`,
      options.readyTimeoutMs ?? 90_000,
      100,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return server;
}
