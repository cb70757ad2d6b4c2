// Debian's Chromium, never a downloaded browser, started as this machine's closed network needs: the
// browser tests, the benchmarks and scripts/run-e2e.ts all launch it from here.
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
