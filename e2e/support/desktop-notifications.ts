// The desktop's notifications for a browser test: a D-Bus session bus of the test's own (dbus-daemon) and
// a notification server on it (notification-daemon.py). Chromium, started with DBUS_SESSION_BUS_ADDRESS
// pointing at that bus, shows its notifications there as on a Linux desktop; the test reads what was shown
// and clicks a notification as a person would, which dispatches the service worker's real notificationclick
// (with the permission to focus and open windows that only a click gives).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const DAEMON = resolve(import.meta.dirname, 'notification-daemon.py');
const PYTHON = '/usr/bin/python3';

export interface ShownNotification {
  readonly id: number;
  readonly summary: string;
  readonly body: string;
}

export interface DesktopNotifications {
  /** DBUS_SESSION_BUS_ADDRESS for the browser. */
  readonly busAddress: string;
  readonly shown: ShownNotification[];
  readonly closed: number[];
  /** Resolves with the first notification shown (from the start) that matches. */
  next(match: (notification: ShownNotification) => boolean): Promise<ShownNotification>;
  click(id: number): void;
  stop(): Promise<void>;
}

/** Why this machine cannot run them (no dbus-daemon, no Python D-Bus bindings), or null when it can. */
export function desktopNotificationsMissing(): string | null {
  if (spawnSync('dbus-daemon', ['--version']).status !== 0) return 'dbus-daemon is not installed';
  const python = spawnSync(PYTHON, ['-c', 'import dbus, gi']);
  if (python.status !== 0) return 'python3-dbus and python3-gi are not installed';
  return null;
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => {
      done();
    });
    child.kill('SIGTERM');
  });
}

export async function startDesktopNotifications(): Promise<DesktopNotifications> {
  const folder = mkdtempSync(join(tmpdir(), 'case-router-dbus-'));
  const bus = spawn(
    'dbus-daemon',
    ['--session', '--nofork', '--print-address=1', `--address=unix:path=${folder}/bus`],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const busAddress = await new Promise<string>((done, fail) => {
    createInterface({ input: bus.stdout }).once('line', done);
    bus.once('exit', (code) => {
      fail(new Error(`dbus-daemon exited with ${code}`));
    });
  });
  const daemon = spawn(PYTHON, [DAEMON], {
    env: { PATH: process.env['PATH'], DBUS_SESSION_BUS_ADDRESS: busAddress },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const shown: ShownNotification[] = [];
  const closed: number[] = [];
  const waiters = new Set<{
    match: (n: ShownNotification) => boolean;
    done: (n: ShownNotification) => void;
  }>();
  const ready = new Promise<void>((done, fail) => {
    daemon.once('exit', (code) => {
      fail(new Error(`the notification server exited with ${code}`));
    });
    createInterface({ input: daemon.stdout }).on('line', (line) => {
      const event = JSON.parse(line) as { event: string } & ShownNotification;
      if (event.event === 'ready') done();
      if (event.event === 'closed') closed.push(event.id);
      if (event.event !== 'shown') return;
      const notification = { id: event.id, summary: event.summary, body: event.body };
      shown.push(notification);
      for (const waiter of [...waiters]) {
        if (!waiter.match(notification)) continue;
        waiters.delete(waiter);
        waiter.done(notification);
      }
    });
  });
  await ready;
  return {
    busAddress,
    shown,
    closed,
    next(match) {
      const already = shown.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((done) => {
        waiters.add({ match, done });
      });
    },
    click(id) {
      daemon.stdin.write(`click ${id}\n`);
    },
    async stop() {
      daemon.stdin.end();
      await stopped(daemon);
      await stopped(bus);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
