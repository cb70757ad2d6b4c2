// `npm run create-admin -- --email … --name … --hospital-system …`: the first system administrator of a real
// installation, on the database the configuration names (run it with the server's own environment).
import { parseArgs } from 'node:util';
import { setPasswordHashCost } from '../auth/passwords.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createFirstAdmin, FirstAdminError, firstAdminProblems } from '../users/first-admin.ts';

const USAGE =
  'Usage: npm run create-admin -- --email admin@hospital.example --name "Ada Admin" --hospital-system "North Health"';

function isArgumentError(error: unknown): error is Error {
  return (
    error instanceof TypeError && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')
  );
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string', default: '' },
      name: { type: 'string', default: '' },
      'hospital-system': { type: 'string', default: '' },
    },
    strict: true,
  });
  const config = loadConfig();
  setPasswordHashCost(config.passwordHashCost);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const admin = await createFirstAdmin(db, {
      email: values.email,
      displayName: values.name,
      hospitalSystemName: values['hospital-system'],
      withPassword: config.identity.embedded,
    });
    console.log(`Created the system administrator ${admin.email}.`);
    if (admin.password === null) {
      console.log(`They sign in through ${config.identity.issuer} with that email.`);
    } else {
      console.log(`Their one-time password: ${admin.password}`);
      console.log(`They sign in at ${config.publicUrl} and must choose a new password at once.`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof FirstAdminError && error.message === firstAdminProblems.exists) {
    console.error(error.message);
  } else if (error instanceof ConfigError) {
    console.error(error.message);
  } else if (error instanceof FirstAdminError || isArgumentError(error)) {
    console.error(`${error.message}\n${USAGE}`);
  } else {
    throw error;
  }
  process.exitCode = 1;
}
