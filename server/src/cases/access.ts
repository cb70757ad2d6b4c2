// Who may do what with a case, decided here and nowhere else. Deny by default: another hospital's case, or
// one the caller may not see, is 404 (its existence is not revealed); a visible case the caller may not act
// on is 403.
//   er_doctor: opens cases at its hospital; sees and acts on the cases it opened.
//   emergency_room, emergency_room_admin: see every case of their emergency room and post messages.
//   specialist: sees the cases offered or assigned to it; accepts, declines, answers. It writes on a case only
//     while its offer is active or once the case is its own: after declining, or losing the case to the one
//     who accepted, it keeps reading the case (its history) but has left the conversation.
//   emergency_room_admin, hospital: read the audit trail of their hospital's cases.
import type { Caller } from '../auth/caller.ts';
import { HttpError } from '../errors.ts';

export const accessDetails = {
  notFound: 'Case not found',
  openOnly: 'Only an er_doctor of a hospital may open cases',
  notOpener: 'Only the er_doctor who opened this case may do this',
  notSpecialist: 'Only a specialist may do this',
  notOffered: 'This case is not offered to you',
  notAssigned: 'Only the specialist who accepted this case may answer it',
  notInvolved:
    'You no longer take part in this case: only a specialist it is offered to now, or the one who accepted it, may write on it',
  auditOnly: 'Only the emergency room admin and the hospital admin may read the audit trail',
  noCases: 'Your role has no access to cases',
} as const;

export type CaseAccessAction =
  'read' | 'message' | 'cancel' | 'close' | 'attach' | 'accept' | 'decline' | 'receipt' | 'consult' | 'audit';

/** What the decision needs to know about the case and the caller's offer of it. */
export interface CaseAccessView {
  readonly hospitalId: string;
  readonly openedBy: string;
  readonly assignedTo: string | null;
  /** The caller's offer of this case, if it ever had one. */
  readonly myOffer: { readonly active: boolean } | null;
}

const has = (caller: Caller, role: string) => caller.roles.includes(role);

export function seesWholeEmergencyRoom(caller: Caller): boolean {
  return has(caller, 'emergency_room') || has(caller, 'emergency_room_admin');
}

/** Whether the caller has any role that sees cases at all (listing). */
export function mayListCases(caller: Caller): boolean {
  return (
    caller.hospitalId !== null &&
    (seesWholeEmergencyRoom(caller) || has(caller, 'er_doctor') || has(caller, 'specialist'))
  );
}

export function assertMayListCases(caller: Caller): void {
  if (!mayListCases(caller)) throw new HttpError(403, accessDetails.noCases);
}

export function assertMayOpenCase(caller: Caller): asserts caller is Caller & { hospitalId: string } {
  if (!has(caller, 'er_doctor') || caller.hospitalId === null)
    throw new HttpError(403, accessDetails.openOnly);
}

export function maySee(caller: Caller, view: CaseAccessView): boolean {
  if (caller.hospitalId === null || caller.hospitalId !== view.hospitalId) return false;
  if (seesWholeEmergencyRoom(caller)) return true;
  if (has(caller, 'er_doctor') && view.openedBy === caller.id) return true;
  return has(caller, 'specialist') && (view.myOffer !== null || view.assignedTo === caller.id);
}

/** Whether the caller still takes part in the case's conversation (maySee is checked first). */
function takesPart(caller: Caller, view: CaseAccessView): boolean {
  if (seesWholeEmergencyRoom(caller)) return true;
  if (has(caller, 'er_doctor') && view.openedBy === caller.id) return true;
  return view.assignedTo === caller.id || view.myOffer?.active === true;
}

/** Throws the HttpError the caller gets when it may not do `action` with this case. */
export function authorizeCase(caller: Caller, action: CaseAccessAction, view: CaseAccessView): void {
  const sameHospital = caller.hospitalId !== null && caller.hospitalId === view.hospitalId;
  if (action === 'audit') {
    if (!sameHospital) throw new HttpError(404, accessDetails.notFound);
    if (has(caller, 'emergency_room_admin') || has(caller, 'hospital')) return;
    throw new HttpError(
      maySee(caller, view) ? 403 : 404,
      maySee(caller, view) ? accessDetails.auditOnly : accessDetails.notFound,
    );
  }
  if (!maySee(caller, view)) throw new HttpError(404, accessDetails.notFound);
  switch (action) {
    case 'read':
      return;
    case 'message':
      if (!takesPart(caller, view)) throw new HttpError(403, accessDetails.notInvolved);
      return;
    case 'cancel':
    case 'close':
    case 'attach':
      if (!has(caller, 'er_doctor') || view.openedBy !== caller.id)
        throw new HttpError(403, accessDetails.notOpener);
      return;
    case 'accept':
    case 'decline':
    case 'receipt':
      if (!has(caller, 'specialist')) throw new HttpError(403, accessDetails.notSpecialist);
      if (view.myOffer === null) throw new HttpError(403, accessDetails.notOffered);
      return;
    case 'consult':
      if (!has(caller, 'specialist')) throw new HttpError(403, accessDetails.notSpecialist);
      if (view.assignedTo !== caller.id) throw new HttpError(403, accessDetails.notAssigned);
      return;
  }
}
