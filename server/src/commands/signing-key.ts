// `npm run signing-key -- status | rotate | retire`: rotates the embedded identity provider's signing key, on
// the database the configuration names (run it with the server's own environment).
//
//   rotate   a new key signs from each server process's next start; the old one stays published and trusted
//   retire   once every process has restarted and the old key's tokens have expired (ACCESS_TOKEN_TTL_SECONDS,
//            an hour by default), the old key is published and trusted no more
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { KeyRotationError, retireSigningKey, rotateSigningKey, signingKeyIds } from '../identity/keys.ts';

const USAGE = 'Usage: npm run signing-key -- status | rotate | retire';

async function main(command: string | undefined): Promise<number> {
  if (command !== 'status' && command !== 'rotate' && command !== 'retire') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (!config.identity.embedded) {
    console.error('AUTH_AUTHORITY is set: the external authority signs the tokens and rotates its own keys.');
    return 1;
  }
  const db = await openDatabase(config);
  try {
    await migrate(db);
    if (command === 'rotate') {
      const { current, previous } = await rotateSigningKey(db);
      console.log(
        `The new signing key ${current} signs from each server process's next start: restart them.`,
      );
      console.log(`The previous key ${previous} stays published and trusted until you retire it`);
      console.log(
        `(npm run signing-key -- retire), once every process has restarted and ${config.identity.ttls.accessTokenSeconds} s have passed.`,
      );
    } else if (command === 'retire') {
      const retired = await retireSigningKey(db);
      console.log(`The signing key ${retired} is retired: tokens it signed no longer verify.`);
    } else {
      const { current, previous } = await signingKeyIds(db);
      console.log(`Signing key: ${current ?? 'none yet (made at the first start)'}`);
      if (previous !== undefined) console.log(`Previous key, still published and trusted: ${previous}`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

try {
  process.exitCode = await main(process.argv[2]);
} catch (error) {
  if (error instanceof ConfigError || error instanceof KeyRotationError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
