import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zRole } from '../../generated/zod.gen.ts';
import { type RouteName, routes } from '../../src/config/routes.ts';
import {
  homeRouteFor,
  insightsRouteFor,
  mayOpen,
  ROLE_HOME_ROUTES,
  ROLE_INSIGHTS_ROUTES,
  ROLES,
} from '../../src/lib/auth/roles.ts';

const SCREENS_DIR = 'src/app/routes';
const names = Object.keys(routes) as RouteName[];

function pageModules(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('-page.tsx'))
    .map((file) => file.replace(/\.tsx$/, ''))
    .sort();
}

describe('the route table', () => {
  it('knows every role of the contract, in its order', () => {
    expect(ROLES).toEqual(zRole.options);
  });

  it('names a screen module that exists for every route, and every screen module is some route', () => {
    for (const name of names) {
      expect(existsSync(`${SCREENS_DIR}/${routes[name].screen}.tsx`), name).toBe(true);
    }
    expect(pageModules(SCREENS_DIR)).toEqual(names.map((name) => routes[name].screen).sort());
  });

  it('gives every route a path of its own and a title', () => {
    expect(new Set(names.map((name) => routes[name].path)).size).toBe(names.length);
    for (const name of names) expect(routes[name].title, name).not.toBe('');
  });

  it('builds hrefs from the path, parameters encoded', () => {
    expect(routes.doctorCase.href({ id: 'cas 1/2' })).toBe('/emergency-room/doctor/cases/cas%201%2F2');
    expect(routes.triageAssessment.href({ specialty: 'cardiology' })).toBe(
      '/settings/triage-assessment/cardiology',
    );
    expect(routes.settings.href()).toBe('/settings/');
  });

  it.each(ROLES)('lets %s open its own home and insights screen', (role) => {
    for (const address of [homeRouteFor([role]), insightsRouteFor([role])]) {
      const name = names.find((candidate) => routes[candidate].path.replace(/\/$/, '') === address);
      expect(name, address).toBeDefined();
      expect(mayOpen(routes[name as RouteName].access, [role]), `${role} at ${address}`).toBe(true);
    }
    expect(ROLE_HOME_ROUTES[role]).toBe(homeRouteFor([role]));
    expect(ROLE_INSIGHTS_ROUTES[role]).toBe(insightsRouteFor([role]));
  });
});

describe('who may open a route', () => {
  it('lets anyone signed in open the settings, and anyone at all the public routes', () => {
    expect(mayOpen(routes.settings.access, [])).toBe(true);
    expect(mayOpen(routes.signOut.access, ['nurse'])).toBe(true);
  });

  it('lets a role-bound route open to any one of its roles, and to no one else', () => {
    expect(mayOpen(routes.specialistReport.access, ['specialist'])).toBe(true);
    expect(mayOpen(routes.specialistReport.access, ['er_doctor'])).toBe(false);
    expect(mayOpen(routes.hospitalAdmin.access, ['nurse', 'hospital'])).toBe(true);
    expect(mayOpen(routes.hospitalAdmin.access, [])).toBe(false);
  });

  it('opens a case of the emergency room to its doctor and its staff, not to a specialist', () => {
    expect(mayOpen(routes.doctorCase.access, ['emergency_room'])).toBe(true);
    expect(mayOpen(routes.doctorCase.access, ['er_doctor'])).toBe(true);
    expect(mayOpen(routes.doctorCase.access, ['specialist'])).toBe(false);
  });

  it('opens every insights screen to the insights administrators, and others only their own', () => {
    for (const name of ['insights', 'insightsPhysicians', 'insightsHospitals'] as const) {
      expect(mayOpen(routes[name].access, ['hospital_business_administrator']), name).toBe(true);
      expect(mayOpen(routes[name].access, ['hospital_system']), name).toBe(true);
    }
    expect(mayOpen(routes.insightsPhysicians.access, ['er_doctor'])).toBe(false);
    expect(mayOpen(routes.insightsHospitals.access, ['specialist'])).toBe(false);
  });
});
