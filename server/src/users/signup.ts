// Creating a user: who may create whom is auth/signup-policy.ts; here the password rule, the specialties,
// the email's uniqueness and the write.
import { randomUUID } from 'node:crypto';
import type { SignupRequest, User } from '../../../generated/types.gen.ts';
import type { Actor } from '../auth/caller.ts';
import { decideSignup } from '../auth/signup-policy.ts';
import type { Database } from '../db/database.ts';
import { recordAdminChange } from '../audit/admin-audit-repository.ts';
import { badRequest, conflict, forbidden } from '../errors.ts';
import { passwordProblem } from '../auth/password-rule.ts';
import { hashPassword } from '../auth/passwords.ts';
import { findHospital, knownSpecialtyNames } from '../organisation/organisation-repository.ts';
import { toApiUser } from './user-profile.ts';
import { findUserByEmail, findUserById, insertUser, normaliseEmail } from './users-repository.ts';

export const signupProblems = {
  duplicateEmail: 'A user with this email already exists',
  // An email taken outside the caller's hospital system: the answer says nothing of that system's accounts.
  emailUnavailable:
    'This email cannot be used for a new user. Check it, or use another work address for this person.',
  specialtyRequired: 'A specialist needs at least one specialty type (specialty_types)',
  specialtyNotForRole: 'Only specialists have specialty types: leave specialty_types empty for this role',
  unknownSpecialty: (names: readonly string[]) =>
    `Unknown specialty type: ${names.join(', ')}. Use the names of your hospital system's specialties.`,
} as const;

/**
 * The refusal of an email that is taken. An email signs in, so it is unique across every hospital system; but
 * only an account of the caller's own system is the caller's business: one elsewhere gets a neutral answer
 * that names no account.
 */
function emailTaken(owner: { readonly hospitalSystemId: string } | undefined, systemId: string) {
  return conflict(
    owner?.hospitalSystemId === systemId ? signupProblems.duplicateEmail : signupProblems.emailUnavailable,
  );
}

export async function signUp(db: Database, actor: Actor, body: SignupRequest): Promise<User> {
  const { caller } = actor;
  const named =
    body.hospital_id === undefined ? undefined : ((await findHospital(db, body.hospital_id)) ?? null);
  const decision = decideSignup(caller, body.role, named);
  if (!decision.allowed) {
    throw decision.status === 400 ? badRequest(decision.detail) : forbidden(decision.detail);
  }

  const { fname, lname, company_name: company } = body.contact_info;
  const weak = passwordProblem(body.password, {
    email: body.email,
    displayName: body.display_name,
    otherWords: [fname, lname, company],
  });
  if (weak !== null) throw badRequest(weak);

  const specialtyTypes = [...new Set((body.specialty_types ?? []).map((name) => name.trim()))];
  if (body.role === 'specialist' && specialtyTypes.length === 0) {
    throw badRequest(signupProblems.specialtyRequired);
  }
  if (body.role !== 'specialist' && specialtyTypes.length > 0) {
    throw badRequest(signupProblems.specialtyNotForRole);
  }
  const known = await knownSpecialtyNames(db, caller.hospitalSystemId, specialtyTypes);
  const unknown = specialtyTypes.filter((name) => !known.has(name));
  if (unknown.length > 0) throw badRequest(signupProblems.unknownSpecialty(unknown));

  const email = normaliseEmail(body.email);
  const taken = await findUserByEmail(db, email);
  if (taken) throw emailTaken(taken, caller.hospitalSystemId);

  const id = `usr_${randomUUID()}`;
  // Two sign-ups of one email at the same moment: the unique index decides, and the second writes nothing.
  const newUser = {
    id,
    email,
    passwordHash: await hashPassword(body.password),
    displayName: body.display_name.trim(),
    roles: [body.role],
    hospitalSystemId: caller.hospitalSystemId,
    hospitalId: decision.hospitalId,
    specialtyTypes,
    phone: body.contact_info.phone ?? null,
    forceChangePassword: body.force_change_password_next_sign_in ?? true,
    createdBy: caller.id,
  };
  const inserted = await db.transaction(async (tx) => {
    if (!(await insertUser(tx, newUser))) return false;
    // Every administrative change is audited: who created whom, with what (never the password).
    await recordAdminChange(tx, {
      actorId: caller.id,
      action: 'user.created',
      targetType: 'user',
      targetId: id,
      hospitalSystemId: newUser.hospitalSystemId,
      hospitalId: newUser.hospitalId,
      before: null,
      after: {
        displayName: newUser.displayName,
        email,
        roles: newUser.roles,
        hospitalId: newUser.hospitalId,
        specialtyTypes,
        phone: newUser.phone,
        forceChangePassword: newUser.forceChangePassword,
      },
      address: actor.address,
      at: new Date(),
    });
    return true;
  });
  if (!inserted) throw emailTaken(await findUserByEmail(db, email), caller.hospitalSystemId);
  const created = await findUserById(db, id);
  if (!created) throw new Error(`User ${id} vanished after its creation`);
  return toApiUser(db, created);
}
