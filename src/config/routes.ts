// Every route of the app, declared once: its path, its title, who may open it and its screen module. The
// router, the preloads, the role homes and the navigation are derived from this table, and every link
// builds its address with the route's href, so a path is written once.
import type { Role } from '../../generated/types.gen.ts';

type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * Who may open a route: anyone (`public`, outside the sign-in wall), anyone signed in (`signed-in`), or the
 * signed-in users holding one of the roles.
 */
export type Access = 'public' | 'signed-in' | readonly Role[];

export interface RouteDeclaration<Pattern extends string = string> {
  /** The path pattern, trailing slashes as the route map writes them. */
  readonly path: Pattern;
  /** What the page is, for the browser tab: "Cases · Case Router". */
  readonly title: string;
  readonly access: Access;
  /** The screen's module under src/app/routes/, which exports it as `Component`; loaded on first visit. */
  readonly screen: string;
}

export interface Route<Pattern extends string = string> extends RouteDeclaration<Pattern> {
  /** The address of this route, its parameters filled in (and encoded). */
  readonly href: (
    ...args: [ParamNames<Pattern>] extends [never] ? [] : [Record<ParamNames<Pattern>, string>]
  ) => string;
}

function route<const Pattern extends string>(declaration: RouteDeclaration<Pattern>): Route<Pattern> {
  return {
    ...declaration,
    href: (...args) => {
      const params = (args[0] ?? {}) as Record<string, string>;
      return declaration.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
        encodeURIComponent(params[name] ?? ''),
      );
    },
  };
}

// Who works where. The server refuses other roles the data in any case; these keep people out of screens
// that would only show them an empty shell.
const emergencyRoomStaff = ['emergency_room', 'emergency_room_admin'] as const satisfies readonly Role[];
const emergencyRoom = [...emergencyRoomStaff, 'er_doctor'] as const satisfies readonly Role[];
// The administrators whose job is insights may read every insights screen, not only their own.
const insightsAdministrators = [
  'hospital_system',
  'hospital',
  'hospital_system_business_administrator',
  'hospital_business_administrator',
] as const satisfies readonly Role[];

type InsightsRouteName = 'insights' | 'insightsPhysicians' | 'insightsHospitals';

/** The role insights table: the insights screen of each role, when it is the user's first (primary) role. */
export const ROLE_INSIGHTS = {
  emergency_room: 'insightsHospitals',
  emergency_room_admin: 'insightsHospitals',
  er_doctor: 'insightsHospitals',
  specialist: 'insightsPhysicians',
  hospital_system: 'insights',
  hospital: 'insights',
  hospital_system_business_administrator: 'insightsHospitals',
  hospital_business_administrator: 'insightsHospitals',
} as const satisfies Readonly<Record<Role, InsightsRouteName>>;

/** An insights screen is for the roles whose insights it is, and for the insights administrators. */
function insightsReaders(name: InsightsRouteName): readonly Role[] {
  const own = (Object.keys(ROLE_INSIGHTS) as Role[]).filter((role) => ROLE_INSIGHTS[role] === name);
  return [...new Set([...own, ...insightsAdministrators])];
}

export const routes = {
  root: route({ path: '/', title: 'Signing in', access: 'public', screen: 'public/home-redirect-page' }),
  signIn: route({ path: '/sign-in', title: 'Sign in', access: 'public', screen: 'public/sign-in-page' }),
  signOut: route({
    path: '/sign-out',
    title: 'Signing out',
    access: 'public',
    screen: 'public/sign-out-page',
  }),
  // A shared ward PC: the same sign-out, said as the person at the PC means it; it lands on the sign-in page.
  switchUser: route({
    path: '/switch-user',
    title: 'Switching user',
    access: 'public',
    screen: 'public/switch-user-page',
  }),

  settings: route({
    path: '/settings/',
    title: 'Settings',
    access: 'signed-in',
    screen: 'settings/settings-page',
  }),
  triageAssessment: route({
    path: '/settings/triage-assessment/:specialty',
    title: 'Triage assessment',
    access: 'signed-in',
    screen: 'settings/triage-assessment-page',
  }),
  insights: route({
    path: '/insights/',
    title: 'Insights',
    access: insightsReaders('insights'),
    screen: 'insights/insights-page',
  }),
  insightsPhysicians: route({
    path: '/insights/physicians/',
    title: 'Physician insights',
    access: insightsReaders('insightsPhysicians'),
    screen: 'insights/physician-insights-page',
  }),
  insightsHospitals: route({
    path: '/insights/hospitals/',
    title: 'Hospital insights',
    access: insightsReaders('insightsHospitals'),
    screen: 'insights/hospital-insights-page',
  }),
  home: route({ path: '/home/', title: 'Home', access: 'signed-in', screen: 'home/home-page' }),
  hospitalSystemAdmin: route({
    path: '/hospital-system-admin/',
    title: 'Hospital system administration',
    access: ['hospital_system'],
    screen: 'hospital-system-admin/hospital-system-admin-page',
  }),
  hospitalSystemAdminHospitals: route({
    path: '/hospital-system-admin/hospitals/',
    title: 'Hospitals',
    access: ['hospital_system'],
    screen: 'hospital-system-admin/hospitals-page',
  }),
  hospitalAdmin: route({
    path: '/hospital-admin/',
    title: 'Hospital administration',
    access: ['hospital'],
    screen: 'hospital-admin/hospital-admin-page',
  }),
  hospitalAdminSpecialistsDetails: route({
    path: '/hospital-admin/specialists-details/',
    title: 'Specialists details',
    access: ['hospital'],
    screen: 'hospital-admin/specialists-details-page',
  }),
  emergencyRoom: route({
    path: '/emergency-room/',
    title: 'Emergency room',
    access: emergencyRoom,
    screen: 'emergency-room/emergency-room-page',
  }),
  emergencyRoomCases: route({
    path: '/emergency-room/cases/',
    title: 'Cases',
    access: emergencyRoomStaff,
    screen: 'emergency-room/cases-page',
  }),
  emergencyRoomAdmin: route({
    path: '/emergency-room/admin/',
    title: 'Emergency room administration',
    access: ['emergency_room_admin'],
    screen: 'emergency-room/admin/admin-page',
  }),
  emergencyRoomAdminSpecialistScheduler: route({
    path: '/emergency-room/admin/specialist-scheduler/',
    title: 'Specialist scheduler',
    access: ['emergency_room_admin'],
    screen: 'emergency-room/admin/specialist-scheduler-page',
  }),
  emergencyRoomAdminOnCallSchedules: route({
    path: '/emergency-room/admin/on-call-schedules/',
    title: 'On-call schedules',
    access: ['emergency_room_admin'],
    screen: 'emergency-room/admin/on-call-schedules-page',
  }),
  emergencyRoomAdminAddUser: route({
    path: '/emergency-room/admin/add-user/',
    title: 'Add user',
    access: ['emergency_room_admin'],
    screen: 'emergency-room/admin/add-user-page',
  }),
  doctorCases: route({
    path: '/emergency-room/doctor/cases/',
    title: 'My cases',
    access: ['er_doctor'],
    screen: 'emergency-room/doctor/cases-page',
  }),
  doctorCaseNew: route({
    path: '/emergency-room/doctor/cases/new',
    title: 'New case',
    access: ['er_doctor'],
    screen: 'emergency-room/doctor/new-case-page',
  }),
  // The emergency room's staff open their cases here too, from the emergency room's case list.
  doctorCase: route({
    path: '/emergency-room/doctor/cases/:id',
    title: 'Case',
    access: ['er_doctor', ...emergencyRoomStaff],
    screen: 'emergency-room/doctor/case-page',
  }),
  specialistCases: route({
    path: '/specialist/cases/',
    title: 'Case box',
    access: ['specialist'],
    screen: 'specialist/cases-page',
  }),
  specialistCase: route({
    path: '/specialist/cases/:id',
    title: 'Case',
    access: ['specialist'],
    screen: 'specialist/case-page',
  }),
  specialistReport: route({
    path: '/specialist/specialist-report/',
    title: 'Specialist report',
    access: ['specialist'],
    screen: 'specialist/specialist-report-page',
  }),
} as const;

export type RouteName = keyof typeof routes;

/** The role home table: where each role lands once signed in. Every role has one. */
export const ROLE_HOMES = {
  emergency_room: 'emergencyRoomCases',
  emergency_room_admin: 'emergencyRoomAdmin',
  er_doctor: 'doctorCases',
  specialist: 'specialistCases',
  hospital_system: 'hospitalSystemAdmin',
  hospital: 'hospitalAdmin',
  hospital_system_business_administrator: 'insightsHospitals',
  hospital_business_administrator: 'insightsHospitals',
} as const satisfies Readonly<Record<Role, RouteName>>;

/** The shell's links after Home (the role's home), in the header's order; each shows to those who may open it. */
/**
 * The administrators' screens, in the small-screen drawer (after Home): on a phone the admin's home is a long
 * page, so each screen it links to is also one tap from the menu. Triage assessments live in Settings.
 */
export const ADMIN_NAVIGATION = [
  {
    key: 'emergencyRoomAdminSpecialistScheduler',
    route: 'emergencyRoomAdminSpecialistScheduler',
    label: 'Specialist scheduler',
  },
  {
    key: 'emergencyRoomAdminOnCallSchedules',
    route: 'emergencyRoomAdminOnCallSchedules',
    label: 'On-call schedules',
  },
  { key: 'emergencyRoomAdminAddUser', route: 'emergencyRoomAdminAddUser', label: 'Add user' },
  { key: 'hospitalAdminSpecialistsDetails', route: 'hospitalAdminSpecialistsDetails', label: 'Specialists' },
  {
    key: 'triageAssessments',
    route: 'settings',
    label: 'Triage assessments',
    roles: ['hospital'],
  },
] as const satisfies readonly { key: string; route: RouteName; label: string; roles?: readonly Role[] }[];

export const NAVIGATION = [
  { route: 'specialistReport', label: 'Specialist Report' },
  { route: 'settings', label: 'Settings' },
  { route: 'switchUser', label: 'Switch user' },
  { route: 'signOut', label: 'Logout' },
] as const satisfies readonly { route: RouteName; label: string }[];
