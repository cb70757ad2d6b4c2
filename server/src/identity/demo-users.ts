import type { Role } from '../../../generated/types.gen.ts';
import type { Database } from '../db/database.ts';
import type { DemoOrganisation } from '../db/seed.ts';
import { existingEmails, insertUser } from '../users/users-repository.ts';
import { hashPassword } from './passwords.ts';

// One demo user per role, plus three that exercise the sign-in edge cases. Idempotent: fixed ids, and an existing
// user (perhaps with a password changed since) is left alone.

interface DemoUser {
  readonly email: string;
  readonly displayName: string;
  readonly roles: readonly string[];
  readonly level: 'hospital' | 'system';
  readonly specialtyTypes?: readonly string[];
  readonly forceChangePassword?: boolean;
}

const ROLE_USERS: readonly (DemoUser & { readonly roles: readonly [Role] })[] = [
  {
    email: 'emergency_room@demo.test',
    displayName: 'Emma Reyes',
    roles: ['emergency_room'],
    level: 'hospital',
  },
  {
    email: 'emergency_room_admin@demo.test',
    displayName: 'Omar Haddad',
    roles: ['emergency_room_admin'],
    level: 'hospital',
  },
  { email: 'er_doctor@demo.test', displayName: 'Dr Dana Okafor', roles: ['er_doctor'], level: 'hospital' },
  {
    email: 'specialist@demo.test',
    displayName: 'Dr Sam Lindqvist',
    roles: ['specialist'],
    level: 'hospital',
    specialtyTypes: ['Neurology'],
  },
  {
    email: 'hospital_system@demo.test',
    displayName: 'Helen Park',
    roles: ['hospital_system'],
    level: 'system',
  },
  { email: 'hospital@demo.test', displayName: 'Hugo Martin', roles: ['hospital'], level: 'hospital' },
  {
    email: 'hospital_system_business_administrator@demo.test',
    displayName: 'Bea Sorensen',
    roles: ['hospital_system_business_administrator'],
    level: 'system',
  },
  {
    email: 'hospital_business_administrator@demo.test',
    displayName: 'Ben Adeyemi',
    roles: ['hospital_business_administrator'],
    level: 'hospital',
  },
];

const EDGE_CASE_USERS: readonly DemoUser[] = [
  { email: 'noroles@demo.test', displayName: 'Nora Roles', roles: [], level: 'hospital' },
  { email: 'unknownrole@demo.test', displayName: 'Uma Known', roles: ['chief_of_magic'], level: 'hospital' },
  {
    email: 'mustchange@demo.test',
    displayName: 'Max Change',
    roles: ['er_doctor'],
    level: 'hospital',
    forceChangePassword: true,
  },
];

export const DEMO_USER_EMAILS = [...ROLE_USERS, ...EDGE_CASE_USERS].map((user) => user.email);

/** What `npm start` prints under its URL: every demo account, its role and the password they share. */
export function demoAccountsText(password: string): string {
  const width = Math.max(...ROLE_USERS.map((user) => user.email.length));
  return [
    `Demo accounts (password ${password}):`,
    ...ROLE_USERS.map((user) => `  ${user.email.padEnd(width)}  ${user.roles[0]}`),
    `Sign-in edge cases: ${EDGE_CASE_USERS.map((user) => user.email).join(', ')}`,
  ].join('\n');
}

function demoUserId(email: string): string {
  return `usr_demo_${email.slice(0, email.indexOf('@')).replace(/[^a-z0-9]+/g, '_')}`;
}

export async function seedDemoUsers(
  db: Database,
  { password, organisation }: { password: string; organisation: DemoOrganisation },
): Promise<void> {
  const users = [...ROLE_USERS, ...EDGE_CASE_USERS];
  const present = await existingEmails(
    db,
    users.map((user) => user.email),
  );
  const missing = users.filter((user) => !present.has(user.email));
  if (missing.length === 0) return;

  // One hash for all of them: the demo password is shared anyway, and scrypt is slow on purpose.
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    for (const user of missing) {
      await insertUser(tx, {
        id: demoUserId(user.email),
        email: user.email,
        passwordHash,
        displayName: user.displayName,
        roles: user.roles,
        hospitalSystemId: organisation.hospitalSystemId,
        hospitalId: user.level === 'hospital' ? organisation.hospitalIds.stGeorges : null,
        specialtyTypes: user.specialtyTypes ?? [],
        phone: null,
        forceChangePassword: user.forceChangePassword ?? false,
        createdBy: null,
      });
    }
  });
}
