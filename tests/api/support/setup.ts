// Every API test file: what is hashed before an app is built (the demo users seeded first) uses the tests'
// lower scrypt cost too, as the apps they build do (testEnv's PASSWORD_HASH_COST).
import { setPasswordHashCost } from '../../../server/src/auth/passwords.ts';
import { TEST_PASSWORD_HASH_COST } from './app.ts';

setPasswordHashCost(TEST_PASSWORD_HASH_COST);
