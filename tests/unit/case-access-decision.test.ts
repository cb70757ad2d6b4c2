// Who may do what with a case, as one table: every role, in every relation to the case (opened it, assigned
// to it, offered it and the offer still open, offered it once, none, and the real assignee's: assigned after
// accepting its offer), at the case's hospital, at another hospital and at none, for every action on a case;
// plus opening and listing cases. The table is written out here, apart from access.ts: each cell is
// allowed, 404 (the case is not revealed), or the key of the 403's detail.
import { describe, expect, it } from 'vitest';
import type { Role } from '../../generated/types.gen.ts';
import type { Caller } from '../../server/src/auth/caller.ts';
import {
  accessDetails,
  assertMayOpenCase,
  authorizeCase,
  decideCaseAccess,
  listVisibility,
  mayListCases,
  type CaseAccessAction,
  type CaseAccessView,
} from '../../server/src/cases/access.ts';
import { HttpError } from '../../server/src/errors.ts';

const ROLES = [
  'er_doctor',
  'emergency_room',
  'emergency_room_admin',
  'specialist',
  'hospital',
  'hospital_business_administrator',
  'hospital_system',
  'hospital_system_business_administrator',
] as const satisfies readonly Role[];

const ACTIONS = [
  'read',
  'message',
  'cancel',
  'close',
  'attach',
  'accept',
  'decline',
  'receipt',
  'consult',
  'audit',
  'export',
] as const satisfies readonly CaseAccessAction[];

const RELATIONS = [
  'opened it',
  'assigned',
  'offered, open',
  'offered, closed',
  'none',
  'accepted its offer',
  'held it',
] as const;
type Relation = (typeof RELATIONS)[number];

/** 'ok', '404', or the key of the 403's detail in accessDetails. */
type Outcome = 'ok' | '404' | keyof typeof accessDetails;

const ME = 'usr_me';
const OTHER_DOCTOR = 'usr_other_doctor';
const OTHER_SPECIALIST = 'usr_other_specialist';
const CASE_HOSPITAL = 'hosp_case';

// Each relation alone, then the one a specialist has after accepting: assigned, its offer no longer active;
// and the one it keeps once the case is someone else's.
const VIEWS: Record<Relation, CaseAccessView> = {
  'opened it': { hospitalId: CASE_HOSPITAL, openedBy: ME, assignedTo: null, myOffer: null },
  assigned: { hospitalId: CASE_HOSPITAL, openedBy: OTHER_DOCTOR, assignedTo: ME, myOffer: null },
  'offered, open': {
    hospitalId: CASE_HOSPITAL,
    openedBy: OTHER_DOCTOR,
    assignedTo: null,
    myOffer: { active: true },
  },
  'offered, closed': {
    hospitalId: CASE_HOSPITAL,
    openedBy: OTHER_DOCTOR,
    assignedTo: OTHER_SPECIALIST,
    myOffer: { active: false },
  },
  none: { hospitalId: CASE_HOSPITAL, openedBy: OTHER_DOCTOR, assignedTo: null, myOffer: null },
  'accepted its offer': {
    hospitalId: CASE_HOSPITAL,
    openedBy: OTHER_DOCTOR,
    assignedTo: ME,
    myOffer: { active: false, accepted: true },
  },
  // Accepted it once; someone else holds it now.
  'held it': {
    hospitalId: CASE_HOSPITAL,
    openedBy: OTHER_DOCTOR,
    assignedTo: OTHER_SPECIALIST,
    myOffer: { active: false, accepted: true },
  },
};

const NOTHING: readonly Outcome[] = ACTIONS.map(() => '404');
const EVERY_RELATION = (row: readonly Outcome[]): Record<Relation, readonly Outcome[]> =>
  Object.fromEntries(RELATIONS.map((relation) => [relation, row])) as Record<Relation, readonly Outcome[]>;

// At the case's hospital, one column per action in ACTIONS order.
// prettier-ignore
const AT_ITS_HOSPITAL: Record<Role, Record<Relation, readonly Outcome[]>> = {
  //                       read   message        cancel       close        attach       accept           decline          receipt          consult          audit        export
  er_doctor: {
    'opened it':          ['ok', 'ok',          'ok',        'ok',        'ok',        'notSpecialist', 'notSpecialist', 'notSpecialist', 'notSpecialist', 'auditOnly', 'ok'],
    assigned: NOTHING,
    'offered, open': NOTHING,
    'offered, closed': NOTHING,
    none: NOTHING,
    'accepted its offer': NOTHING,
    'held it': NOTHING,
  },
  emergency_room: EVERY_RELATION(
                          ['ok', 'ok',          'notOpener', 'notOpener', 'notOpener', 'notSpecialist', 'notSpecialist', 'notSpecialist', 'notSpecialist', 'auditOnly', 'ok'],
  ),
  emergency_room_admin: EVERY_RELATION(
                          ['ok', 'ok',          'notOpener', 'notOpener', 'notOpener', 'notSpecialist', 'notSpecialist', 'notSpecialist', 'notSpecialist', 'ok',        'ok'],
  ),
  specialist: {
    'opened it': NOTHING,
    assigned:             ['ok', 'ok',          'notOpener', 'notOpener', 'notOpener', 'notOffered',    'notOffered',    'notOffered',    'ok',            'auditOnly', 'ok'],
    'offered, open':      ['ok', 'ok',          'notOpener', 'notOpener', 'notOpener', 'ok',            'ok',            'ok',            'notAssigned',   'auditOnly', 'notExporter'],
    'offered, closed':    ['ok', 'notInvolved', 'notOpener', 'notOpener', 'notOpener', 'ok',            'ok',            'ok',            'notAssigned',   'auditOnly', 'notExporter'],
    none: NOTHING,
    'accepted its offer': ['ok', 'ok',          'notOpener', 'notOpener', 'notOpener', 'ok',            'ok',            'ok',            'ok',            'auditOnly', 'ok'],
    'held it':            ['ok', 'notInvolved', 'notOpener', 'notOpener', 'notOpener', 'ok',            'ok',            'ok',            'notAssigned',   'auditOnly', 'ok'],
  },
  hospital: EVERY_RELATION(
                          ['404', '404',        '404',       '404',       '404',       '404',           '404',           '404',           '404',           'ok',        '404'],
  ),
  hospital_business_administrator: EVERY_RELATION(NOTHING),
  hospital_system: EVERY_RELATION(NOTHING),
  hospital_system_business_administrator: EVERY_RELATION(NOTHING),
};

function callerWith(role: Role, hospitalId: string | null): Caller {
  return {
    id: ME,
    email: 'me@demo.test',
    displayName: 'Me',
    roles: [role],
    hospitalSystemId: 'hs_demo',
    hospitalId,
    specialtyTypes: role === 'specialist' ? ['Neurology'] : [],
  };
}

function outcomeOf(caller: Caller, action: CaseAccessAction, view: CaseAccessView): Outcome {
  const access = decideCaseAccess(caller, action, view);
  if (access.allowed) return 'ok';
  if (access.status === 404) {
    expect(access.detail).toBe(accessDetails.notFound);
    return '404';
  }
  const key = (Object.keys(accessDetails) as (keyof typeof accessDetails)[]).find(
    (name) => accessDetails[name] === access.detail,
  );
  if (key === undefined) throw new Error(`A 403 with a detail access.ts does not name: ${access.detail}`);
  return key;
}

function tableFor(caller: Caller): Record<Relation, Outcome[]> {
  return Object.fromEntries(
    RELATIONS.map((relation) => [
      relation,
      ACTIONS.map((action) => outcomeOf(caller, action, VIEWS[relation])),
    ]),
  ) as Record<Relation, Outcome[]>;
}

describe('the decision on an action on a case', () => {
  describe.each(ROLES)('%s', (role) => {
    it('at the case’s hospital: as the table says', () => {
      expect(tableFor(callerWith(role, CASE_HOSPITAL))).toEqual(AT_ITS_HOSPITAL[role]);
    });

    it('at another hospital: 404 for everything, the case is not revealed', () => {
      expect(tableFor(callerWith(role, 'hosp_other'))).toEqual(EVERY_RELATION(NOTHING));
    });

    it('at no hospital: 404 for everything', () => {
      expect(tableFor(callerWith(role, null))).toEqual(EVERY_RELATION(NOTHING));
    });
  });

  it('is thrown as the HttpError it decides', () => {
    const specialist = callerWith('specialist', CASE_HOSPITAL);
    expect(() => {
      authorizeCase(specialist, 'read', VIEWS['offered, open']);
    }).not.toThrow();
    const refused = (() => {
      try {
        authorizeCase(specialist, 'message', VIEWS['offered, closed']);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 403, detail: accessDetails.notInvolved });
    expect(() => {
      authorizeCase(specialist, 'read', VIEWS.none);
    }).toThrow(accessDetails.notFound);
  });
});

describe('opening and listing cases', () => {
  // Per role, at a hospital: may it open a case, may it list cases, and which cases a listing shows it.
  const EXPECTED: Record<
    Role,
    {
      open: boolean;
      list: boolean;
      shows: 'the whole emergency room' | 'its own and offered' | 'its own' | 'offered or assigned' | null;
    }
  > = {
    er_doctor: { open: true, list: true, shows: 'its own' },
    emergency_room: { open: false, list: true, shows: 'the whole emergency room' },
    emergency_room_admin: { open: false, list: true, shows: 'the whole emergency room' },
    specialist: { open: false, list: true, shows: 'offered or assigned' },
    hospital: { open: false, list: false, shows: null },
    hospital_business_administrator: { open: false, list: false, shows: null },
    hospital_system: { open: false, list: false, shows: null },
    hospital_system_business_administrator: { open: false, list: false, shows: null },
  };

  function shows(caller: Caller): (typeof EXPECTED)[Role]['shows'] {
    if (!mayListCases(caller)) return null;
    const visibility = listVisibility(caller);
    if (visibility.wholeEmergencyRoom) return 'the whole emergency room';
    if (visibility.openedByMe && visibility.offeredOrAssignedToMe) return 'its own and offered';
    return visibility.openedByMe ? 'its own' : 'offered or assigned';
  }

  function mayOpen(caller: Caller): boolean {
    try {
      assertMayOpenCase(caller);
      return true;
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 403, detail: accessDetails.openOnly });
      return false;
    }
  }

  it.each(ROLES)('%s at a hospital', (role) => {
    const caller = callerWith(role, CASE_HOSPITAL);
    expect({ open: mayOpen(caller), list: mayListCases(caller), shows: shows(caller) }).toEqual(
      EXPECTED[role],
    );
  });

  it.each(ROLES)('%s at no hospital opens and lists nothing', (role) => {
    const caller = callerWith(role, null);
    expect({ open: mayOpen(caller), list: mayListCases(caller) }).toEqual({ open: false, list: false });
  });

  it('shows a doctor who is also a specialist its own cases and those offered to it', () => {
    const caller = { ...callerWith('er_doctor', CASE_HOSPITAL), roles: ['er_doctor', 'specialist'] };
    expect(shows(caller)).toBe('its own and offered');
  });
});
