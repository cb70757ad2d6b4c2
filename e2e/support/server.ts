// A server of the spec's own, for tests that restart it or need other settings than the shared one.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { get } from 'node:https';
import { e2eServer } from '../server-env.ts';

export interface SpecServer {
  readonly url: string;
  /** Its data folder (`DATA_DIR`): kept across stop() and start(). */
  readonly dataDir: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

// The test server's certificate is self-signed: this check is only about whether it answers.
function healthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    get(`${url}/api/v1/health`, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    }).on('error', () => {
      resolve(false);
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000; // a cold start on a busy machine: migrations and the demo seed
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    if (await healthy(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server at ${url} did not become healthy`);
}

/** A server on its own port and data folder; start() and stop() keep the data folder (a restart). */
export function specServer(port: number, env: Record<string, string> = {}): SpecServer {
  const url = `https://localhost:${port}`;
  const dataDir = `.tmp/e2e-data-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  let child: ChildProcess | undefined;
  return {
    url,
    dataDir,
    async start() {
      child = spawn(process.execPath, ['server/src/main.ts'], {
        env: {
          ...process.env,
          ...e2eServer.env,
          PORT: String(port),
          PUBLIC_URL: url,
          DATA_DIR: dataDir,
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await waitForHealth(url, child);
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      child = undefined;
    },
  };
}
