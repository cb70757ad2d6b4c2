import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type RouteName, routes } from '../../src/config/routes.ts';
import { ROLE_HOME_ROUTES, ROLE_INSIGHTS_ROUTES } from '../../src/lib/auth/roles.ts';
import { routeNameFor } from '../../src/app/route-modules.ts';
import { appRoutes } from '../../src/app/router.tsx';

const publicRoutes: RouteName[] = ['root', 'signIn', 'signOut', 'switchUser'];
const protectedRoutes = (Object.keys(routes) as RouteName[]).filter((name) => !publicRoutes.includes(name));

function findRoute(routes: readonly RouteObject[], id: string): RouteObject | undefined {
  for (const route of routes) {
    if (route.id === id) return route;
    const inChildren = findRoute(route.children ?? [], id);
    if (inChildren) return inChildren;
  }
  return undefined;
}

function pathsUnder(route: RouteObject | undefined): string[] {
  return (route?.children ?? []).flatMap((child) => [
    ...(child.path === undefined ? [] : [child.path]),
    ...pathsUnder(child),
  ]);
}

describe('the route table', () => {
  it('puts every protected route, with its exact path, under the protected layout', () => {
    const underProtected = pathsUnder(findRoute(appRoutes, 'protected'));
    expect(underProtected.sort()).toEqual(protectedRoutes.map((name) => routes[name].path).sort());
    expect(underProtected).toContain('/settings/triage-assessment/:specialty');
    expect(underProtected).toContain('/emergency-room/doctor/cases/new');
    expect(underProtected).toContain('/specialist/cases/:id');
  });

  it('keeps the public routes and the 404 outside the protected layout', () => {
    const underRoot = (findRoute(appRoutes, 'app')?.children ?? []).map((route) => route.path);
    expect(underRoot).toEqual(expect.arrayContaining(['/', '/sign-in', '/sign-out', '/switch-user', '*']));
  });

  it('loads every screen lazily', () => {
    for (const name of protectedRoutes) {
      const route = findRoute(appRoutes, name);
      expect(route?.lazy, name).toBeTypeOf('function');
      expect(route?.element, name).toBeUndefined();
    }
  });

  it('matches hrefs to screens as the router ranks them, with or without the trailing slash', () => {
    expect(routeNameFor('/emergency-room/doctor/cases/new')).toBe('doctorCaseNew');
    expect(routeNameFor('/emergency-room/doctor/cases/ER-1042')).toBe('doctorCase');
    expect(routeNameFor('/emergency-room/cases')).toBe('emergencyRoomCases');
    expect(routeNameFor('/settings/triage-assessment/cardiology')).toBe('triageAssessment');
    expect(routeNameFor('/sign-out')).toBe('signOut');
    expect(routeNameFor('/no/such/page')).toBeUndefined();
  });

  it('has a screen for every role home and insights route', () => {
    for (const href of [...Object.values(ROLE_HOME_ROUTES), ...Object.values(ROLE_INSIGHTS_ROUTES)]) {
      expect(routeNameFor(href), href).toBeDefined();
    }
  });
});

describe('every screen is built', () => {
  // The case screens (tests/component/cases-*.test.tsx), the organisation's
  // (tests/component/organisation-*.test.tsx), settings, triage assessments and home
  // (tests/component/settings-*.test.tsx), and the people, schedules and insights screens, whose proof is in
  // their e2e specs: no route renders a placeholder.
  const builtScreens: readonly RouteName[] = [
    'emergencyRoomCases',
    'doctorCases',
    'doctorCaseNew',
    'doctorCase',
    'specialistCases',
    'specialistCase',
    'hospitalSystemAdmin',
    'hospitalSystemAdminHospitals',
    'hospitalAdmin',
    'insights',
    'insightsPhysicians',
    'insightsHospitals',
    'hospitalAdminSpecialistsDetails',
    'emergencyRoom',
    'emergencyRoomAdmin',
    'emergencyRoomAdminSpecialistScheduler',
    'emergencyRoomAdminOnCallSchedules',
    'emergencyRoomAdminAddUser',
    'specialistReport',
    'settings',
    'triageAssessment',
    'home',
  ];

  it('covers every protected route', () => {
    expect([...builtScreens].sort()).toEqual([...protectedRoutes].sort());
  });
});
