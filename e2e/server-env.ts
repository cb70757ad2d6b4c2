// How the end-to-end server is started: its own port and data folder, the embedded database, short-lived
// nothing by default. Specs that need another server start one with specServer() from ./support/server.ts,
// on a port above E2E_PORT (+1 auth, +2 bundle bench, +3 escalation and SMS fallback, +4 Lighthouse bench and mock mode, +5 screen
// bench, +6 the benchmarks' smoke runs, +7 the ER board and the idle bench; the push delivery spec takes a port the system
// gives). One spec runs at a time, so two that share an offset never meet. E2E_PORT moves them all, so two
// checkouts can run the browser tests at once.
export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 8643);

export const e2eServer = {
  url: `https://localhost:${E2E_PORT}`,
  env: {
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: `https://localhost:${E2E_PORT}`,
    DATA_DIR: '.tmp/e2e-data',
    // The browser tests run on the embedded default, whatever the shell has set.
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // Sign-ins are many in the browser tests: hash at a test cost, below production's minimum (2^17), which a
    // localhost server allows and tests/unit/passwords.test.ts proves for production.
    PASSWORD_HASH_COST: '16384',
  },
} as const;
