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
