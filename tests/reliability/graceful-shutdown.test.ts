// SIGTERM with requests in flight: the real server, as a child process, stops accepting, answers every
// request it had received, ends its event streams in good order (so clients reconnect elsewhere), and exits 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DOCTOR, NEURO_PRIMARY, neurologyCase } from '../api/support/cases-app.ts';
import { call, openEventStream, signerFor, type Signer } from './support/client.ts';
import { preparePglite } from './support/databases.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';

const PORT = 9401;
const IN_FLIGHT = 24;

let dataDir: string;
let sign: Signer;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'case-router-shutdown-'));
  sign = signerFor(await preparePglite(dataDir));
  server = await startServerProcess({ port: PORT, env: { DATA_DIR: dataDir } });
});

afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('answers every request in flight at SIGTERM, ends the event streams in good order, and exits 0', async () => {
  if (!server) throw new Error('no server');
  const running = server;
  const doctor = await sign(DOCTOR, ['er_doctor']);
  const specialist = await sign(NEURO_PRIMARY, ['specialist']);
  const streams = await Promise.all([1, 2, 3].map(() => openEventStream(running.url, specialist)));
  expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200]);

  // Case creations and case lists at once, each on a connection of its own.
  const requests = Array.from({ length: IN_FLIGHT }, (_, index) =>
    index % 3 === 2
      ? call(running.url, doctor, 'GET', '/cases?limit=50')
      : call(running.url, doctor, 'POST', '/cases', neurologyCase(), {
          'idempotency-key': `shutdown-${index}-${Date.now()}`,
        }),
  );
  const settled = Promise.allSettled(requests);
  // SIGTERM once the server has received every one of them, while (the creations queue on the embedded
  // database's one connection) most are still being worked on.
  const received = () =>
    running.logs.filter(
      (line) =>
        line['msg'] === 'incoming request' &&
        (line['req'] as { url?: string } | undefined)?.url === '/api/v1/cases',
    ).length;
  await running.waitForLog(() => received() >= IN_FLIGHT, 60_000);
  const exit = running.stop('SIGTERM');

  const results = await settled;
  const statuses = results.map((result) => (result.status === 'fulfilled' ? result.value.status : 'failed'));
  expect(statuses.filter((status) => status === 'failed')).toEqual([]);
  expect(statuses.filter((status) => status === 201)).toHaveLength((IN_FLIGHT / 3) * 2);
  expect(statuses.filter((status) => status === 200)).toHaveLength(IN_FLIGHT / 3);
  // The streams ended as a server ends them (the client reconnects), not broken off.
  expect(await Promise.all(streams.map((stream) => stream.ended))).toEqual([true, true, true]);
  expect(await exit).toEqual({ code: 0, signal: null });
  // Some were still in flight when the signal came (else this test would prove nothing).
  const stopping = running.logs.findIndex((line) => line['msg'] === 'SIGTERM: shutting down');
  expect(stopping).toBeGreaterThan(-1);
  const answeredAfterSignal = running.logs
    .slice(stopping)
    .filter((line) => line['msg'] === 'request completed').length;
  expect(answeredAfterSignal).toBeGreaterThan(0);
  server = undefined;
});
