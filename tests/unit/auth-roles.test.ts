import { describe, expect, it } from 'vitest';
import { routes } from '../../src/config/routes.ts';
import { texts } from '../../src/config/texts.ts';
import { NoRolesError, readRoles, roleProblem, rolesOrEmpty } from '../../src/lib/auth/role-claims.ts';
import {
  FALLBACK_HOME_ROUTE,
  FALLBACK_INSIGHTS_ROUTE,
  homeRouteFor,
  insightsRouteFor,
} from '../../src/lib/auth/roles.ts';
import { fakeJwt } from '../support/msw-tokens.ts';

describe('roles from tokens', () => {
  it('reads the ID token roles array', () => {
    expect(readRoles({ roles: ['specialist', 'er_doctor'] })).toEqual(['specialist', 'er_doctor']);
  });

  it('reads a comma-separated roles string from the ID token', () => {
    expect(readRoles({ roles: 'hospital, er_doctor ,' })).toEqual(['hospital', 'er_doctor']);
  });

  it('falls back to the access token roles', () => {
    expect(readRoles({}, fakeJwt({ roles: ['hospital_system'] }))).toEqual(['hospital_system']);
    expect(readRoles({ roles: [] }, fakeJwt({ roles: 'specialist' }))).toEqual(['specialist']);
  });

  it('fails with the no-roles text when no token has roles', () => {
    expect(() => readRoles({ roles: [] }, fakeJwt({}))).toThrow(NoRolesError);
    expect(() => readRoles(undefined, 'opaque-token')).toThrow(texts.noRolesInToken);
    expect(rolesOrEmpty(undefined, null)).toEqual([]);
  });

  it('keeps only string roles', () => {
    expect(readRoles({ roles: ['specialist', 7, null] })).toEqual(['specialist']);
  });

  it('names the role toast that applies', () => {
    expect(roleProblem([])).toBe('no-role');
    expect(roleProblem(['nurse'])).toBe('unknown-role');
    expect(roleProblem(['nurse', 'specialist'])).toBeNull();
  });
});

describe('the role home and insights tables', () => {
  it.each([
    ['emergency_room', '/emergency-room/cases'],
    ['emergency_room_admin', '/emergency-room/admin'],
    ['er_doctor', '/emergency-room/doctor/cases'],
    ['specialist', '/specialist/cases'],
    ['hospital_system', '/hospital-system-admin'],
    ['hospital', '/hospital-admin'],
    ['hospital_system_business_administrator', '/insights/hospitals'],
    ['hospital_business_administrator', '/insights/hospitals'],
  ])('home of %s is %s', (role, home) => {
    expect(homeRouteFor([role])).toBe(home);
  });

  it('uses the first role that has a home route, else /', () => {
    expect(homeRouteFor(['nurse', 'specialist', 'hospital'])).toBe('/specialist/cases');
    expect(homeRouteFor(['nurse'])).toBe(FALLBACK_HOME_ROUTE);
    expect(FALLBACK_HOME_ROUTE).toBe(routes.root.path);
  });

  it.each([
    ['emergency_room', '/insights/hospitals'],
    ['emergency_room_admin', '/insights/hospitals'],
    ['er_doctor', '/insights/hospitals'],
    ['specialist', '/insights/physicians'],
    ['hospital_system', '/insights'],
    ['hospital', '/insights'],
    ['hospital_system_business_administrator', '/insights/hospitals'],
    ['hospital_business_administrator', '/insights/hospitals'],
  ])('insights of %s is %s', (role, route) => {
    expect(insightsRouteFor([role])).toBe(route);
  });

  it('takes the insights route from the primary role only, else /insights', () => {
    expect(insightsRouteFor(['nurse', 'specialist'])).toBe(FALLBACK_INSIGHTS_ROUTE);
    expect(insightsRouteFor([])).toBe('/insights');
    expect(insightsRouteFor(['specialist', 'hospital'])).toBe('/insights/physicians');
  });
});
