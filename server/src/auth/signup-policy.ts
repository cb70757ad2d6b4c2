import type { Role } from '../../../generated/types.gen.ts';

// Who may create whom, decided here and nowhere else: the ER admin and the hospital admin create staff at
// their own hospital; a hospital system administrator creates the administrators of its system's hospitals,
// and system-level users, who have no hospital.

export interface Creator {
  readonly roles: readonly string[];
  readonly hospitalSystemId: string;
  readonly hospitalId: string | null;
}

export interface NamedHospital {
  readonly id: string;
  readonly hospitalSystemId: string;
}

export type SignupDecision =
  | { readonly allowed: true; readonly hospitalId: string | null }
  | { readonly allowed: false; readonly status: 400 | 403; readonly detail: string };

// Creators bound to one hospital create these roles at that hospital only.
const AT_OWN_HOSPITAL: Readonly<Partial<Record<string, readonly Role[]>>> = {
  emergency_room_admin: ['er_doctor', 'emergency_room', 'specialist'],
  hospital: ['specialist', 'emergency_room_admin', 'emergency_room'],
};

// A hospital system administrator creates these in one of its hospitals, named by hospital_id...
const IN_SYSTEM_HOSPITAL: readonly Role[] = ['hospital', 'hospital_business_administrator'];
// ...and these at the level of its system, without a hospital.
const AT_SYSTEM_LEVEL: readonly Role[] = ['hospital_system', 'hospital_system_business_administrator'];

export const signupDetails = {
  roleNotAllowed: 'You may not create a user with this role',
  otherHospital: 'You may only create users at your own hospital',
  hospitalOutsideSystem: 'The hospital is not in your hospital system',
  hospitalRequired: 'hospital_id is required: name the hospital of the new user',
  hospitalNotApplicable:
    'hospital_id does not apply to this role: it belongs to the hospital system, not a hospital',
} as const;

/**
 * May `creator` create a user with `role`? `named` is the hospital the request names by hospital_id: undefined when
 * it names none, null when the named hospital does not exist. When allowed, says at which hospital (null: none).
 */
export function decideSignup(
  creator: Creator,
  role: Role,
  named: NamedHospital | null | undefined,
): SignupDecision {
  let refusal: SignupDecision | undefined;
  const refuse = (status: 400 | 403, detail: string) => {
    refusal ??= { allowed: false, status, detail };
  };

  for (const creatorRole of creator.roles) {
    if (AT_OWN_HOSPITAL[creatorRole]?.includes(role) && creator.hospitalId !== null) {
      if (named === undefined || named?.id === creator.hospitalId) {
        return { allowed: true, hospitalId: creator.hospitalId };
      }
      refuse(403, signupDetails.otherHospital);
    }
    if (creatorRole === 'hospital_system' && IN_SYSTEM_HOSPITAL.includes(role)) {
      if (named === undefined) refuse(400, signupDetails.hospitalRequired);
      else if (named === null || named.hospitalSystemId !== creator.hospitalSystemId) {
        refuse(403, signupDetails.hospitalOutsideSystem);
      } else return { allowed: true, hospitalId: named.id };
    }
    if (creatorRole === 'hospital_system' && AT_SYSTEM_LEVEL.includes(role)) {
      if (named === undefined) return { allowed: true, hospitalId: null };
      refuse(400, signupDetails.hospitalNotApplicable);
    }
  }
  return refusal ?? { allowed: false, status: 403, detail: signupDetails.roleNotAllowed };
}

export interface ManagedUser {
  readonly id: string;
  readonly roles: readonly string[];
  readonly hospitalSystemId: string;
  readonly hospitalId: string | null;
}

export type ManageDecision = 'allowed' | 'forbidden' | 'not-found';

export const manageDetails = {
  roleNotAllowed: 'You may only change users whose every role you could grant yourself',
  notAdministrator: 'Only an administrator may list or change users',
  ownAccount: 'You cannot deactivate your own account: ask another administrator',
} as const;

/**
 * May `manager` change `target` (specialties, contact details, active)? Nobody grants more than they hold: only
 * a user whose every role the manager could create, in the manager's scope. A user of another hospital or system
 * is not found, as an unknown one is.
 */
export function decideManage(manager: Creator, target: ManagedUser): ManageDecision {
  if (target.hospitalSystemId !== manager.hospitalSystemId) return 'not-found';
  const holdsOnly = (roles: readonly string[]) =>
    target.roles.length > 0 && target.roles.every((role) => roles.includes(role));
  let sees = false;
  for (const managerRole of manager.roles) {
    const ownHospital = AT_OWN_HOSPITAL[managerRole];
    if (ownHospital && manager.hospitalId !== null && target.hospitalId === manager.hospitalId) {
      sees = true;
      if (holdsOnly(ownHospital)) return 'allowed';
    }
    if (managerRole === 'hospital_system') {
      sees = true;
      if (holdsOnly([...IN_SYSTEM_HOSPITAL, ...AT_SYSTEM_LEVEL])) return 'allowed';
    }
  }
  return sees ? 'forbidden' : 'not-found';
}

/**
 * Whose users `viewer` may list: its hospital (hospital and ER admins), its system or one hospital of it
 * (hospital system admins); null for anyone else.
 */
export function userListScope(
  viewer: Creator,
  named: NamedHospital | null | undefined,
): { readonly hospitalId: string | null } | 'forbidden' | 'not-found' {
  if (viewer.roles.includes('hospital_system')) {
    if (named === undefined) return { hospitalId: null };
    if (named === null || named.hospitalSystemId !== viewer.hospitalSystemId) return 'not-found';
    return { hospitalId: named.id };
  }
  const hospitalBound = viewer.roles.some((role) => AT_OWN_HOSPITAL[role] !== undefined);
  if (!hospitalBound || viewer.hospitalId === null) return 'forbidden';
  if (named !== undefined && named?.id !== viewer.hospitalId) return 'not-found';
  return { hospitalId: viewer.hospitalId };
}
