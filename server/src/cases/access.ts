// Who may do what with a case, decided here and nowhere else. Deny by default: another hospital's case, or
// one the caller may not see, is 404 (its existence is not revealed); a visible case the caller may not act
// on is 403.
//   er_doctor: opens cases at its hospital; sees and acts on the cases it opened.
//   emergency_room, emergency_room_admin: see every case of their emergency room and post messages.
//   specialist: sees the cases offered or assigned to it; accepts, declines, answers. It writes on a case only
//     while its offer is active or once the case is its own: after declining, or losing the case to the one
//     who accepted, it keeps reading the case (its history) but has left the conversation.
//   the emergency room and the er_doctor who opened a case: re-page its specialists while it waits, and add
//     or correct its vital signs and triage answers while it is open (an emergent case's follow later).
//   emergency_room_admin: hands a waiting case to another specialist of its specialty (reassign).
//   emergency_room_admin, hospital: read the audit trail of their hospital's cases.
//   The case record leaves the app (FHIR export, print) only for its ER side (its opener, the emergency room)
//   and the specialist who holds or held it (accepted it): one who was only offered it, or declined it,
//   keeps reading it but may not take it away.
import type { Caller } from '../auth/caller.ts';
import { forbidden, notFound } from '../errors.ts';
import type { CaseListVisibility } from './case-list-repository.ts';

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
  notExporter:
    'Only the emergency room of this case and the specialist who accepted it may export or print its record',
  noCases: 'Your role has no access to cases',
  notErAdmin: 'Only the emergency room admin of this case may reassign it',
  notEmergencyRoom: 'Only the emergency room of this case and the er_doctor who opened it may re-page it',
  notAnswerer:
    'Only the emergency room of this case and the er_doctor who opened it may add its vital signs and answers',
} as const;

export type CaseAccessAction =
  | 'read'
  | 'export'
  | 'message'
  | 'cancel'
  | 'close'
  | 'attach'
  | 'accept'
  | 'decline'
  | 'receipt'
  | 'consult'
  | 'repage'
  | 'answer'
  | 'reassign'
  | 'audit';

/** What the decision needs to know about the case and the caller's offer of it. */
export interface CaseAccessView {
  readonly hospitalId: string;
  readonly openedBy: string;
  readonly assignedTo: string | null;
  /** The caller's offer of this case, if it ever had one; `accepted` when the caller accepted it. */
  readonly myOffer: { readonly active: boolean; readonly accepted?: boolean } | null;
}

const has = (caller: Caller, role: string) => caller.roles.includes(role);

function seesWholeEmergencyRoom(caller: Caller): boolean {
  return has(caller, 'emergency_room') || has(caller, 'emergency_room_admin');
}

/** Whether the caller has any role that sees cases at all (listing). */
export function mayListCases(caller: Caller): boolean {
  return (
    caller.hospitalId !== null &&
    (seesWholeEmergencyRoom(caller) || has(caller, 'er_doctor') || has(caller, 'specialist'))
  );
}

/** Which of its hospital's cases a listing shows the caller (the same rules as maySee). */
export function listVisibility(caller: Caller): CaseListVisibility {
  return {
    wholeEmergencyRoom: seesWholeEmergencyRoom(caller),
    openedByMe: has(caller, 'er_doctor'),
    offeredOrAssignedToMe: has(caller, 'specialist'),
  };
}

export function assertMayListCases(caller: Caller): void {
  if (!mayListCases(caller)) throw forbidden(accessDetails.noCases);
}

export function assertMayOpenCase(caller: Caller): asserts caller is Caller & { hospitalId: string } {
  if (!has(caller, 'er_doctor') || caller.hospitalId === null) throw forbidden(accessDetails.openOnly);
}

export function maySee(caller: Caller, view: CaseAccessView): boolean {
  if (caller.hospitalId === null || caller.hospitalId !== view.hospitalId) return false;
  if (seesWholeEmergencyRoom(caller)) return true;
  if (has(caller, 'er_doctor') && view.openedBy === caller.id) return true;
  return has(caller, 'specialist') && (view.myOffer !== null || view.assignedTo === caller.id);
}

/** Whether the caller is the case's ER side: the emergency room, or the er_doctor who opened it. */
function takesPartForTheEmergencyRoom(caller: Caller, view: CaseAccessView): boolean {
  return seesWholeEmergencyRoom(caller) || (has(caller, 'er_doctor') && view.openedBy === caller.id);
}

/** Whether the caller still takes part in the case's conversation (maySee is checked first). */
function takesPart(caller: Caller, view: CaseAccessView): boolean {
  if (seesWholeEmergencyRoom(caller)) return true;
  if (has(caller, 'er_doctor') && view.openedBy === caller.id) return true;
  return view.assignedTo === caller.id || view.myOffer?.active === true;
}

export type CaseAccess =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly status: 403 | 404; readonly detail: string };

const ALLOWED: CaseAccess = { allowed: true };
const NOT_FOUND: CaseAccess = { allowed: false, status: 404, detail: accessDetails.notFound };
const refuse = (detail: string): CaseAccess => ({ allowed: false, status: 403, detail });

/** May the caller do `action` with this case? When not, the status and detail it is answered with. */
export function decideCaseAccess(caller: Caller, action: CaseAccessAction, view: CaseAccessView): CaseAccess {
  const sameHospital = caller.hospitalId !== null && caller.hospitalId === view.hospitalId;
  if (action === 'audit') {
    if (!sameHospital) return NOT_FOUND;
    if (has(caller, 'emergency_room_admin') || has(caller, 'hospital')) return ALLOWED;
    return maySee(caller, view) ? refuse(accessDetails.auditOnly) : NOT_FOUND;
  }
  if (!maySee(caller, view)) return NOT_FOUND;
  switch (action) {
    case 'read':
      return ALLOWED;
    case 'export':
      return takesPartForTheEmergencyRoom(caller, view) ||
        view.assignedTo === caller.id ||
        view.myOffer?.accepted === true
        ? ALLOWED
        : refuse(accessDetails.notExporter);
    case 'message':
      return takesPart(caller, view) ? ALLOWED : refuse(accessDetails.notInvolved);
    case 'repage':
      return takesPartForTheEmergencyRoom(caller, view) ? ALLOWED : refuse(accessDetails.notEmergencyRoom);
    case 'answer':
      return takesPartForTheEmergencyRoom(caller, view) ? ALLOWED : refuse(accessDetails.notAnswerer);
    case 'reassign':
      return has(caller, 'emergency_room_admin') ? ALLOWED : refuse(accessDetails.notErAdmin);
    case 'cancel':
    case 'close':
    case 'attach':
      return has(caller, 'er_doctor') && view.openedBy === caller.id
        ? ALLOWED
        : refuse(accessDetails.notOpener);
    case 'accept':
    case 'decline':
    case 'receipt':
      if (!has(caller, 'specialist')) return refuse(accessDetails.notSpecialist);
      return view.myOffer === null ? refuse(accessDetails.notOffered) : ALLOWED;
    case 'consult':
      if (!has(caller, 'specialist')) return refuse(accessDetails.notSpecialist);
      return view.assignedTo === caller.id ? ALLOWED : refuse(accessDetails.notAssigned);
  }
}

/** Throws the 403 or 404 the caller gets when it may not do `action` with this case. */
export function authorizeCase(caller: Caller, action: CaseAccessAction, view: CaseAccessView): void {
  const access = decideCaseAccess(caller, action, view);
  if (!access.allowed) throw access.status === 404 ? notFound(access.detail) : forbidden(access.detail);
}
