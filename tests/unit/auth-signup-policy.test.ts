import { describe, expect, it } from 'vitest';
import { decideSignup, signupDetails, type Creator } from '../../server/src/auth/signup-policy.ts';

const SYSTEM = 'hs_a';
const HOSPITAL = { id: 'hosp_1', hospitalSystemId: SYSTEM };
const SIBLING = { id: 'hosp_2', hospitalSystemId: SYSTEM };
const FOREIGN = { id: 'hosp_9', hospitalSystemId: 'hs_b' };

const erAdmin: Creator = {
  roles: ['emergency_room_admin'],
  hospitalSystemId: SYSTEM,
  hospitalId: HOSPITAL.id,
};
const hospitalAdmin: Creator = { roles: ['hospital'], hospitalSystemId: SYSTEM, hospitalId: HOSPITAL.id };
const systemAdmin: Creator = { roles: ['hospital_system'], hospitalSystemId: SYSTEM, hospitalId: null };

describe('decideSignup', () => {
  it('lets hospital-level administrators create their roles at their own hospital', () => {
    expect(decideSignup(erAdmin, 'er_doctor', undefined)).toEqual({ allowed: true, hospitalId: HOSPITAL.id });
    expect(decideSignup(erAdmin, 'specialist', HOSPITAL)).toEqual({ allowed: true, hospitalId: HOSPITAL.id });
    expect(decideSignup(hospitalAdmin, 'emergency_room_admin', undefined)).toEqual({
      allowed: true,
      hospitalId: HOSPITAL.id,
    });
  });

  it('keeps hospital-level administrators at their own hospital', () => {
    const refused = { allowed: false, status: 403, detail: signupDetails.otherHospital };
    expect(decideSignup(erAdmin, 'er_doctor', SIBLING)).toEqual(refused);
    expect(decideSignup(hospitalAdmin, 'specialist', FOREIGN)).toEqual(refused);
    expect(decideSignup(hospitalAdmin, 'specialist', null)).toEqual(refused);
  });

  it('refuses roles outside a creator’s list', () => {
    const refused = { allowed: false, status: 403, detail: signupDetails.roleNotAllowed };
    expect(decideSignup(erAdmin, 'hospital', undefined)).toEqual(refused);
    expect(decideSignup(hospitalAdmin, 'er_doctor', undefined)).toEqual(refused);
    expect(decideSignup(systemAdmin, 'er_doctor', HOSPITAL)).toEqual(refused);
  });

  it('lets a hospital system administrator create hospital roles in the hospital it names, within its system', () => {
    expect(decideSignup(systemAdmin, 'hospital', SIBLING)).toEqual({ allowed: true, hospitalId: SIBLING.id });
    expect(decideSignup(systemAdmin, 'hospital_business_administrator', HOSPITAL)).toEqual({
      allowed: true,
      hospitalId: HOSPITAL.id,
    });
    expect(decideSignup(systemAdmin, 'hospital', undefined)).toEqual({
      allowed: false,
      status: 400,
      detail: signupDetails.hospitalRequired,
    });
    for (const named of [FOREIGN, null]) {
      expect(decideSignup(systemAdmin, 'hospital', named)).toEqual({
        allowed: false,
        status: 403,
        detail: signupDetails.hospitalOutsideSystem,
      });
    }
  });

  it('lets a hospital system administrator create system-level roles without a hospital', () => {
    expect(decideSignup(systemAdmin, 'hospital_system', undefined)).toEqual({
      allowed: true,
      hospitalId: null,
    });
    expect(decideSignup(systemAdmin, 'hospital_system_business_administrator', undefined)).toEqual({
      allowed: true,
      hospitalId: null,
    });
    expect(decideSignup(systemAdmin, 'hospital_system', HOSPITAL)).toEqual({
      allowed: false,
      status: 400,
      detail: signupDetails.hospitalNotApplicable,
    });
  });

  it('allows what any one of several roles allows', () => {
    const both: Creator = { ...erAdmin, roles: ['er_doctor', 'hospital'] };
    expect(decideSignup(both, 'emergency_room_admin', undefined)).toEqual({
      allowed: true,
      hospitalId: HOSPITAL.id,
    });
  });

  it('refuses a hospital-level role without a hospital, and a caller without roles', () => {
    const homeless: Creator = { ...erAdmin, hospitalId: null };
    expect(decideSignup(homeless, 'er_doctor', undefined)).toMatchObject({ allowed: false, status: 403 });
    expect(decideSignup({ ...erAdmin, roles: [] }, 'er_doctor', undefined)).toMatchObject({
      allowed: false,
      status: 403,
    });
    expect(decideSignup({ ...erAdmin, roles: ['chief_of_magic'] }, 'er_doctor', undefined)).toMatchObject({
      allowed: false,
      status: 403,
    });
  });
});
