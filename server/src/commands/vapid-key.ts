// `npm run vapid-key -- status | rotate`: the server's VAPID key pair for Web Push, on the database the
// configuration names (run it with the server's own environment).
//
//   status   prints the public key (devices subscribe with it)
//   rotate   a new key pair pushes from each server process's next start. Every device's subscription was
//            made with the old key and is removed; each device subscribes again with the new key the next
//            time its user opens the app (or presses "Turn on notifications on this device").
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { rotateVapidKeys, vapidPublicKey } from '../push/vapid-keys.ts';

const USAGE = 'Usage: npm run vapid-key -- status | rotate';

async function main(command: string | undefined): Promise<number> {
  if (command !== 'status' && command !== 'rotate') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db);
    if (command === 'rotate') {
      const { publicKey, removedDevices } = await rotateVapidKeys(db);
      console.log(
        `The new VAPID public key ${publicKey} pushes from each server process's next start: restart them.`,
      );
      console.log(
        `${removedDevices} device subscription(s) made with the old key were removed; each device subscribes again when its user next opens the app.`,
      );
    } else {
      console.log(`VAPID public key: ${(await vapidPublicKey(db)) ?? 'none yet (made at the first start)'}`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

try {
  process.exitCode = await main(process.argv[2]);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
