// Every screen's lazy import, written once. The route table loads a screen through `load`; links call
// `preload` on intent so the chunk is usually in memory before the click.
import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router';
import { paths, type RouteName } from '../config/paths.ts';
import { ModuleLoadError } from './module-load/module-load-error.ts';
import { forgetAttempts } from './module-load/retry-policy.ts';

export interface LazyScreen {
  readonly load: () => Promise<ComponentType>;
  readonly preload: () => void;
}

function lazyScreen(moduleId: string, importer: () => Promise<ComponentType>): LazyScreen {
  let pending: Promise<ComponentType> | undefined;
  const load = (): Promise<ComponentType> => {
    pending ??= importer().then(
      (component) => {
        forgetAttempts(window.sessionStorage, moduleId);
        return component;
      },
      (error: unknown) => {
        // A failure is not remembered, so the next navigation or reload imports afresh.
        pending = undefined;
        throw new ModuleLoadError(moduleId, error);
      },
    );
    return pending;
  };
  return {
    load,
    preload: () => {
      // A failed preload is not an error the user sees: navigating there retries and recovers.
      load().catch(() => undefined);
    },
  };
}

export const routeScreens: Readonly<Record<RouteName, LazyScreen>> = {
  root: lazyScreen('home-redirect', () =>
    import('./routes/public/home-redirect.tsx').then((m) => m.HomeRedirectPage),
  ),
  signIn: lazyScreen('sign-in', () => import('./routes/public/sign-in.tsx').then((m) => m.SignInPage)),
  signOut: lazyScreen('sign-out', () => import('./routes/public/sign-out.tsx').then((m) => m.SignOutPage)),

  settings: lazyScreen('settings', () =>
    import('./routes/settings/settings-page.tsx').then((m) => m.SettingsPage),
  ),
  triageAssessment: lazyScreen('triage-assessment', () =>
    import('./routes/settings/triage-assessment-page.tsx').then((m) => m.TriageAssessmentPage),
  ),
  insights: lazyScreen('insights', () =>
    import('./routes/insights/insights-page.tsx').then((m) => m.InsightsPage),
  ),
  insightsPhysicians: lazyScreen('insights-physicians', () =>
    import('./routes/insights/physician-insights-page.tsx').then((m) => m.PhysicianInsightsPage),
  ),
  insightsHospitals: lazyScreen('insights-hospitals', () =>
    import('./routes/insights/hospital-insights-page.tsx').then((m) => m.HospitalInsightsPage),
  ),
  home: lazyScreen('home', () => import('./routes/home/home-page.tsx').then((m) => m.HomePage)),
  hospitalSystemAdmin: lazyScreen('hospital-system-admin', () =>
    import('./routes/hospital-system-admin/hospital-system-admin-page.tsx').then(
      (m) => m.HospitalSystemAdminPage,
    ),
  ),
  hospitalSystemAdminHospitals: lazyScreen('hospital-system-admin-hospitals', () =>
    import('./routes/hospital-system-admin/hospitals-page.tsx').then((m) => m.HospitalsPage),
  ),
  hospitalAdmin: lazyScreen('hospital-admin', () =>
    import('./routes/hospital-admin/hospital-admin-page.tsx').then((m) => m.HospitalAdminPage),
  ),
  hospitalAdminSpecialistsDetails: lazyScreen('hospital-admin-specialists-details', () =>
    import('./routes/hospital-admin/specialists-details-page.tsx').then((m) => m.SpecialistsDetailsPage),
  ),
  emergencyRoom: lazyScreen('emergency-room', () =>
    import('./routes/emergency-room/emergency-room-page.tsx').then((m) => m.EmergencyRoomPage),
  ),
  emergencyRoomCases: lazyScreen('emergency-room-cases', () =>
    import('./routes/emergency-room/cases-page.tsx').then((m) => m.EmergencyRoomCasesPage),
  ),
  emergencyRoomAdmin: lazyScreen('emergency-room-admin', () =>
    import('./routes/emergency-room/admin/admin-page.tsx').then((m) => m.EmergencyRoomAdminPage),
  ),
  emergencyRoomAdminSpecialistScheduler: lazyScreen('emergency-room-admin-specialist-scheduler', () =>
    import('./routes/emergency-room/admin/specialist-scheduler-page.tsx').then(
      (m) => m.SpecialistSchedulerPage,
    ),
  ),
  emergencyRoomAdminOnCallSchedules: lazyScreen('emergency-room-admin-on-call-schedules', () =>
    import('./routes/emergency-room/admin/on-call-schedules-page.tsx').then((m) => m.OnCallSchedulesPage),
  ),
  emergencyRoomAdminAddUser: lazyScreen('emergency-room-admin-add-user', () =>
    import('./routes/emergency-room/admin/add-user-page.tsx').then((m) => m.AddUserPage),
  ),
  doctorCases: lazyScreen('doctor-cases', () =>
    import('./routes/emergency-room/doctor/cases-page.tsx').then((m) => m.DoctorCasesPage),
  ),
  doctorCaseNew: lazyScreen('doctor-case-new', () =>
    import('./routes/emergency-room/doctor/new-case-page.tsx').then((m) => m.DoctorNewCasePage),
  ),
  doctorCase: lazyScreen('doctor-case', () =>
    import('./routes/emergency-room/doctor/case-page.tsx').then((m) => m.DoctorCasePage),
  ),
  specialistCases: lazyScreen('specialist-cases', () =>
    import('./routes/specialist/cases-page.tsx').then((m) => m.SpecialistCasesPage),
  ),
  specialistCase: lazyScreen('specialist-case', () =>
    import('./routes/specialist/case-page.tsx').then((m) => m.SpecialistCasePage),
  ),
  specialistReport: lazyScreen('specialist-report', () =>
    import('./routes/specialist/specialist-report-page.tsx').then((m) => m.SpecialistReportPage),
  ),
};

const routeNames = Object.keys(paths) as RouteName[];
const matchableRoutes = routeNames.map((name) => ({ id: name, path: paths[name].path }));

/** The screen an href leads to, ranked as the router ranks ("cases/new" before "cases/:id"). */
export function routeNameFor(pathname: string): RouteName | undefined {
  const matches = matchRoutes(matchableRoutes, pathname);
  return matches?.at(-1)?.route.id;
}

export function preloadPath(pathname: string): void {
  const name = routeNameFor(pathname);
  if (name !== undefined) routeScreens[name].preload();
}
