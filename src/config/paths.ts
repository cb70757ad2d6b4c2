// Every route of the application: its path pattern and its href builder. The route table, the links and
// the role tables all read from here, so a path is written once.

type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

interface RouteDef<Pattern extends string> {
  readonly path: Pattern;
  readonly href: (
    ...args: [ParamNames<Pattern>] extends [never] ? [] : [Record<ParamNames<Pattern>, string>]
  ) => string;
}

function route<Pattern extends string>(path: Pattern): RouteDef<Pattern> {
  return {
    path,
    href: (...args) => {
      const params = (args[0] ?? {}) as Record<string, string>;
      return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    },
  };
}

export const paths = {
  root: route('/'),
  signIn: route('/sign-in'),
  signOut: route('/sign-out'),

  settings: route('/settings/'),
  triageAssessment: route('/settings/triage-assessment/:specialty'),
  insights: route('/insights/'),
  insightsPhysicians: route('/insights/physicians/'),
  insightsHospitals: route('/insights/hospitals/'),
  home: route('/home/'),
  hospitalSystemAdmin: route('/hospital-system-admin/'),
  hospitalSystemAdminHospitals: route('/hospital-system-admin/hospitals/'),
  hospitalAdmin: route('/hospital-admin/'),
  hospitalAdminSpecialistsDetails: route('/hospital-admin/specialists-details/'),
  emergencyRoom: route('/emergency-room/'),
  emergencyRoomCases: route('/emergency-room/cases/'),
  emergencyRoomAdmin: route('/emergency-room/admin/'),
  emergencyRoomAdminSpecialistScheduler: route('/emergency-room/admin/specialist-scheduler/'),
  emergencyRoomAdminOnCallSchedules: route('/emergency-room/admin/on-call-schedules/'),
  emergencyRoomAdminAddUser: route('/emergency-room/admin/add-user/'),
  doctorCases: route('/emergency-room/doctor/cases/'),
  doctorCaseNew: route('/emergency-room/doctor/cases/new'),
  doctorCase: route('/emergency-room/doctor/cases/:id'),
  specialistCases: route('/specialist/cases/'),
  specialistCase: route('/specialist/cases/:id'),
  specialistReport: route('/specialist/specialist-report/'),
} as const;

export type RouteName = keyof typeof paths;
