// A user as the contract shows it: the record with its hospital system and hospital by name.
import type { User } from '../../../generated/types.gen.ts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { readOrganisationOf } from '../organisation/organisation-repository.ts';
import { findUserById, type UserRecord } from './users-repository.ts';

/** The contract's User for a user record; roles are the caller's token roles when there is a token. */
export async function toApiUser(
  db: Queryable,
  user: UserRecord,
  roles: readonly string[] = user.roles,
): Promise<User> {
  const organisation = await readOrganisationOf(db, user.hospitalSystemId, user.hospitalId);
  if (!organisation) throw new Error(`User ${user.id} belongs to no hospital system`);
  return {
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    roles: [...roles],
    hospitalSystem: organisation.hospitalSystem,
    hospital: organisation.hospital,
    specialtyTypes: [...user.specialtyTypes],
  };
}

/**
 * The signed-in caller's profile, with the roles its token carries (the app routes by the token); undefined
 * when the user is gone since the token was checked.
 */
export async function readProfile(db: Queryable, caller: Caller): Promise<User | undefined> {
  const user = await findUserById(db, caller.id);
  return user && toApiUser(db, user, caller.roles);
}
