// `npm start` tells a new user where the app is and how to sign in: the real entry point, in a child process.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const PORT = 8648;

describe('starting the server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'case-router-start-'));
  let child: ChildProcess | undefined;

  afterAll(() => {
    child?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints its URL and the demo accounts with their password', async () => {
    child = spawn(process.execPath, ['server/src/main.ts'], {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: `https://localhost:${PORT}`,
        DATA_DIR: dataDir,
        SPA_DIR: join(dataDir, 'no-spa'),
        DATABASE_URL: '',
        LOG_LEVEL: 'silent',
        DEMO_PASSWORD: 'Start-test-password-1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    const printed = new Promise<void>((resolve, reject) => {
      child?.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Sign-in edge cases:')) resolve();
      });
      child?.on('exit', (code) => {
        reject(new Error(`the server exited with ${String(code)} after printing:\n${output}`));
      });
    });
    await printed;
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
