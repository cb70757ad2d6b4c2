// The one-time setup of a real installation: it starts empty, and `npm run create-admin` makes its hospital
// system and first system administrator, who then adds everyone else from the app.
import { randomUUID } from 'node:crypto';
import { recordAdminChange } from '../audit/admin-audit-repository.ts';
import { generatePassword, hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { findHospitalSystemByName, insertHospitalSystem } from '../organisation/organisation-repository.ts';
import { insertUser, normaliseEmail, realAccountWithRoleExists } from './users-repository.ts';

export const FIRST_ADMIN_ROLE = 'hospital_system';

export const FIRST_ADMIN_HINT = [
  'No accounts yet. Create the first system administrator (once, with the server stopped when the',
  'database is the embedded one):',
  '  npm run create-admin -- --email admin@hospital.example --name "Ada Admin" --hospital-system "North Health"',
].join('\n');

export const firstAdminProblems = {
  exists:
    'A system administrator exists already: further accounts are created in the app by an administrator.',
  email: 'must be an email address such as admin@hospital.example',
  blank: 'must not be blank',
} as const;

export class FirstAdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FirstAdminError';
  }
}

export interface FirstAdminRequest {
  readonly email: string;
  readonly displayName: string;
  readonly hospitalSystemName: string;
  /** False when an external authority (Entra ID) signs users in: the account then has no password here. */
  readonly withPassword: boolean;
}

export interface FirstAdmin {
  readonly userId: string;
  readonly email: string;
  readonly hospitalSystemId: string;
  /** The generated password, to be changed at the first sign-in; null without a password. */
  readonly password: string | null;
}

function problemsOf(request: FirstAdminRequest): string[] {
  const problems: string[] = [];
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(request.email.trim())) {
    problems.push(`--email ${firstAdminProblems.email}`);
  }
  if (request.displayName.trim() === '') problems.push(`--name ${firstAdminProblems.blank}`);
  if (request.hospitalSystemName.trim() === '')
    problems.push(`--hospital-system ${firstAdminProblems.blank}`);
  return problems;
}

/**
 * Creates the hospital system (or finds it by name) and its first system administrator, with a generated
 * password they must change at the first sign-in. Refused once any real system administrator exists.
 */
export async function createFirstAdmin(db: Database, request: FirstAdminRequest): Promise<FirstAdmin> {
  const problems = problemsOf(request);
  if (problems.length > 0) throw new FirstAdminError(problems.join('\n'));
  const password = request.withPassword ? generatePassword() : null;
  const passwordHash = password === null ? null : await hashPassword(password);
  const email = normaliseEmail(request.email);
  const userId = `usr_${randomUUID()}`;
  const hospitalSystemId = await db.transaction(async (tx) => {
    if (await realAccountWithRoleExists(tx, FIRST_ADMIN_ROLE))
      throw new FirstAdminError(firstAdminProblems.exists);
    const name = request.hospitalSystemName.trim();
    const system = (await findHospitalSystemByName(tx, name)) ?? { id: newId('hs'), name };
    await insertHospitalSystem(tx, system);
    const inserted = await insertUser(tx, {
      id: userId,
      email,
      passwordHash,
      displayName: request.displayName.trim(),
      roles: [FIRST_ADMIN_ROLE],
      hospitalSystemId: system.id,
      hospitalId: null,
      specialtyTypes: [],
      phone: null,
      forceChangePassword: password !== null,
      createdBy: null,
    });
    if (!inserted) throw new FirstAdminError(`A user with the email ${email} exists already.`);
    // Audited as every user creation is; no one signed in made it (the operator's command line).
    await recordAdminChange(tx, {
      actorId: null,
      action: 'user.created',
      targetType: 'user',
      targetId: userId,
      hospitalSystemId: system.id,
      hospitalId: null,
      before: null,
      after: {
        displayName: request.displayName.trim(),
        email,
        roles: [FIRST_ADMIN_ROLE],
        hospitalId: null,
        forceChangePassword: password !== null,
        createdBy: 'create-admin',
      },
      address: null,
      at: new Date(),
    });
    return system.id;
  });
  return { userId, email, hospitalSystemId, password };
}
