// `npm start` tells a new user where the app is and how to sign in; a real installation starts empty and
// `npm run create-admin` makes its first administrator: the real entry points, in child processes.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/src/db/database.ts';
import { firstAdminProblems } from '../../server/src/users/first-admin.ts';

const PORT = 8648;

function serverEnv(dataDir: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: `https://localhost:${PORT}`,
    DATA_DIR: dataDir,
    SPA_DIR: join(dataDir, 'no-spa'),
    DATABASE_URL: '',
    LOG_LEVEL: 'silent',
    ...env,
  };
}

/** Starts the server and resolves with what it printed once `until` appears in it. */
function startUntil(child: ChildProcess, until: string): Promise<string> {
  let output = '';
  return new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes(until)) resolve(output);
    });
    child.on('exit', (code) => {
      reject(new Error(`the server exited with ${String(code)} after printing:\n${output}`));
    });
  });
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** Runs `npm run create-admin` as the command itself; resolves with its exit code and output. */
async function createAdmin(
  dataDir: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['server/src/commands/create-admin.ts', ...args], {
    env: serverEnv(dataDir, { NODE_ENV: 'production' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

describe('starting the server on a developer’s machine', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'case-router-start-'));
  let child: ChildProcess | undefined;

  afterAll(async () => {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints its URL and the demo accounts with their password', async () => {
    child = spawn(process.execPath, ['server/src/main.ts'], {
      env: serverEnv(dataDir, { DEMO_PASSWORD: 'Start-test-password-1' }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const output = await startUntil(child, 'Sign-in edge cases:');
    expect(output).toContain(`Case Router is running at https://localhost:${PORT}`);
    expect(output).toContain('Demo accounts (password Start-test-password-1):');
    expect(output).toMatch(/er_doctor@demo\.test\s+er_doctor\n/);
    expect(output).toMatch(/specialist@demo\.test\s+specialist\n/);
    for (const role of [
      'emergency_room',
      'emergency_room_admin',
      'hospital_system',
      'hospital',
      'hospital_system_business_administrator',
      'hospital_business_administrator',
    ]) {
      expect(output).toMatch(new RegExp(`${role}@demo\\.test\\s+${role}\\n`));
    }
  }, 60_000);
});

describe('a production installation', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'case-router-production-'));
  let child: ChildProcess | undefined;

  afterAll(async () => {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts empty and says how to create the first administrator', async () => {
    child = spawn(process.execPath, ['server/src/main.ts'], {
      env: serverEnv(dataDir, { NODE_ENV: 'production' }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const output = await startUntil(child, 'npm run create-admin');
    expect(output).toContain(`Case Router is running at https://localhost:${PORT}`);
    expect(output).not.toContain('demo.test');
    await stop(child);

    const db = await openPglite({ dataDir: join(dataDir, 'pglite') });
    try {
      expect(await db.query('select id from users')).toEqual([]);
      expect(await db.query('select id from hospital_systems')).toEqual([]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('creates the first system administrator once, with a one-time password', async () => {
    const args = [
      '--email',
      'ada@north-health.example',
      '--name',
      'Ada Admin',
      '--hospital-system',
      'North Health',
    ];
    const first = await createAdmin(dataDir, args);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Created the system administrator ada@north-health.example.');
    expect(first.stdout).toMatch(/Their one-time password: \S{24,}\n/);

    const second = await createAdmin(dataDir, [
      '--email',
      'bob@north-health.example',
      '--name',
      'Bob',
      '--hospital-system',
      'North Health',
    ]);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(firstAdminProblems.exists);

    const missing = await createAdmin(dataDir, ['--name', 'Nobody']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Usage: npm run create-admin');
  }, 60_000);
});
