// The demo accounts: one per role, three that exercise the sign-in edge cases, and in each hospital the
// staff the demo cases need (specialists in every demo case specialty, an ER doctor and an ER admin where
// the accounts give none). Idempotent: fixed ids, and an existing user (perhaps with a password changed
// since) is left alone.
import type { Role } from '../../../generated/types.gen.ts';
import type { Database, Queryable } from '../db/database.ts';
import { hashPassword } from '../auth/passwords.ts';
import {
  DEMO_USER_ID_PREFIX,
  existingEmails,
  findUserByEmail,
  insertUser,
  userIdsWithRole,
  type UserRecord,
} from '../users/users-repository.ts';
import { DEMO_CASE_SPECIALTIES, slug, type DemoHospital, type DemoOrganisation } from './organisation.ts';

/** The demo specialist: a St George's neurologist, on call for the whole fortnight. */
const DEMO_SPECIALIST_EMAIL = 'specialist@demo.test';
/** The demo ER doctor, who opened the demo cases of its hospital. */
const DEMO_ER_DOCTOR_EMAIL = 'er_doctor@demo.test';

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
  { email: DEMO_ER_DOCTOR_EMAIL, displayName: 'Dr Dana Okafor', roles: ['er_doctor'], level: 'hospital' },
  {
    email: DEMO_SPECIALIST_EMAIL,
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
  return `${DEMO_USER_ID_PREFIX}${email.slice(0, email.indexOf('@')).replace(/[^a-z0-9]+/g, '_')}`;
}

/** The accounts, all at St George's but the system-level ones, sharing `password`. */
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

/** The demo specialist's account, if the accounts were seeded. */
export function findDemoSpecialist(db: Queryable): Promise<UserRecord | undefined> {
  return findUserByEmail(db, DEMO_SPECIALIST_EMAIL);
}

const FIRST_NAMES = [
  'Amara',
  'Bjorn',
  'Chen',
  'Dalia',
  'Emeka',
  'Farah',
  'Goran',
  'Hana',
  'Ivo',
  'Jia',
  'Kofi',
  'Lena',
];
const LAST_NAMES = [
  'Nwosu',
  'Petrov',
  'Quinn',
  'Rahman',
  'Silva',
  'Tanaka',
  'Ueda',
  'Varga',
  'Weiss',
  'Xu',
  'Yilmaz',
  'Zhou',
];

interface StaffMember {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: Role;
  readonly specialties: readonly string[];
}

/** Writes the member unless its email is taken; answers the id of whoever has the email. */
async function ensureStaffMember(
  tx: Queryable,
  organisation: DemoOrganisation,
  hospital: DemoHospital,
  member: StaffMember,
  passwordHash: string | null,
): Promise<string> {
  await insertUser(tx, {
    id: member.id,
    email: member.email,
    passwordHash,
    displayName: member.name,
    roles: [member.role],
    hospitalSystemId: organisation.hospitalSystemId,
    hospitalId: hospital.id,
    specialtyTypes: member.specialties,
    phone: null,
    forceChangePassword: false,
    createdBy: null,
  });
  return (await findUserByEmail(tx, member.email))?.id ?? member.id;
}

/** The hospital's ER doctor for the demo cases: the demo account when it works there, else the first one. */
async function existingErDoctor(tx: Queryable, hospitalId: string): Promise<string | undefined> {
  const demoDoctor = await findUserByEmail(tx, DEMO_ER_DOCTOR_EMAIL);
  if (demoDoctor?.hospitalId === hospitalId && demoDoctor.roles.includes('er_doctor')) return demoDoctor.id;
  return (await userIdsWithRole(tx, hospitalId, 'er_doctor'))[0];
}

export interface DemoStaff {
  /** Per demo case specialty, its specialists' ids. */
  readonly specialists: ReadonlyMap<string, readonly string[]>;
  /** The ER doctor who opened the hospital's demo cases. */
  readonly doctorId: string;
}

/**
 * The hospital's staff: three specialists per demo case specialty (St George's neurologists also count the
 * demo specialist), and an ER doctor and an ER admin unless the hospital has them.
 */
export async function seedDemoStaff(
  tx: Queryable,
  organisation: DemoOrganisation,
  hospital: DemoHospital,
  passwordHash: string | null,
  demoSpecialist: UserRecord | undefined,
): Promise<DemoStaff> {
  const specialists = new Map<string, string[]>();
  let nameIndex = hospital.code === 'sgh' ? 0 : 5;
  for (const specialty of DEMO_CASE_SPECIALTIES) {
    const ids: string[] = [];
    if (specialty === 'Neurology' && demoSpecialist && demoSpecialist.hospitalId === hospital.id)
      ids.push(demoSpecialist.id);
    for (let index = 1; index <= 3; index += 1) {
      const first = FIRST_NAMES[nameIndex % FIRST_NAMES.length] ?? 'Alex';
      const last = LAST_NAMES[(nameIndex * 7) % LAST_NAMES.length] ?? 'Smith';
      nameIndex += 1;
      const member: StaffMember = {
        id: `${DEMO_USER_ID_PREFIX}${hospital.code}_${slug(specialty)}_${index}`,
        email: `${slug(specialty).replace(/_/g, '.')}.${index}.${hospital.code}@demo.test`,
        name: `Dr ${first} ${last}`,
        role: 'specialist',
        specialties: [specialty],
      };
      ids.push(await ensureStaffMember(tx, organisation, hospital, member, passwordHash));
    }
    specialists.set(specialty, ids);
  }
  const doctorId =
    (await existingErDoctor(tx, hospital.id)) ??
    (await ensureStaffMember(
      tx,
      organisation,
      hospital,
      {
        id: `${DEMO_USER_ID_PREFIX}${hospital.code}_er_doctor`,
        email: `er_doctor.${hospital.code}@demo.test`,
        name: 'Dr Ravi Menon',
        role: 'er_doctor',
        specialties: [],
      },
      passwordHash,
    ));
  if ((await userIdsWithRole(tx, hospital.id, 'emergency_room_admin')).length === 0) {
    await ensureStaffMember(
      tx,
      organisation,
      hospital,
      {
        id: `${DEMO_USER_ID_PREFIX}${hospital.code}_er_admin`,
        email: `emergency_room_admin.${hospital.code}@demo.test`,
        name: 'Rosa Lindgren',
        role: 'emergency_room_admin',
        specialties: [],
      },
      passwordHash,
    );
  }
  return { specialists, doctorId };
}
