// /home: the user's landing page, a tile per area their roles open (their home, insights, settings,
// administration), each with a live figure.
import { Stack, Text, Title } from '@mantine/core';
import { ROLE_HOMES, ROLE_INSIGHTS, type RouteName, routes } from '../../../config/routes.ts';
import { type HomeTile, HomeTiles } from '../../../features/settings/index.ts';
import { insightsRouteFor, isRole, useRoles } from '../../../lib/auth/index.ts';
import { useMe } from '../../../lib/use-me.ts';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Where each administering role manages people, when that is not already its home. */
const ADMINISTRATION: readonly { role: string; route: RouteName; description: string }[] = [
  {
    role: 'hospital_system',
    route: 'hospitalSystemAdminHospitals',
    description: 'Hospitals, their admins and the specialty catalogue',
  },
  {
    role: 'hospital',
    route: 'hospitalAdminSpecialistsDetails',
    description: 'Your specialists and the audit log',
  },
  {
    role: 'emergency_room_admin',
    route: 'emergencyRoomAdminAddUser',
    description: 'Add ER doctors, staff and specialists',
  },
];

function homeTile(roles: readonly string[]): HomeTile | null {
  // The role home the home redirect uses: the first known role's.
  const role = roles.find(isRole);
  if (role === undefined) return null;
  const name = ROLE_HOMES[role];
  const primary = roles[0];
  // A role whose home is its insights screen gets the insights tile only.
  if (primary !== undefined && isRole(primary) && ROLE_INSIGHTS[primary] === name) return null;
  const { title } = routes[name];
  const href = routes[name].href();
  if (roles.includes('specialist')) {
    return {
      id: 'home',
      title,
      href,
      description: 'Cases offered to you, waiting for your answer',
      figure: {
        of: 'waitingForMe',
        label: (n) => plural(n, 'case waiting for you', 'cases waiting for you'),
      },
    };
  }
  if (role === 'er_doctor') {
    return {
      id: 'home',
      title,
      href,
      description: 'Your cases still waiting for a specialist',
      figure: {
        of: 'waitingForMe',
        label: (n) => plural(n, 'case waiting for a specialist', 'cases waiting for a specialist'),
      },
    };
  }
  return {
    id: 'home',
    title,
    href,
    description: 'Open cases: waiting, accepted or answered',
    figure: { of: 'openCases', label: (n) => plural(n, 'open case', 'open cases') },
  };
}

export function Component() {
  const roles = useRoles();
  const { me } = useMe();
  const tiles: HomeTile[] = [];
  const home = homeTile(roles);
  if (home) tiles.push(home);
  tiles.push({
    id: 'insights',
    title: 'Insights',
    href: insightsRouteFor(roles),
    description: 'Time to accept and to answer, by hospital and physician',
    figure: {
      of: 'casesLast7Days',
      label: (n) => plural(n, 'case in the last 7 days', 'cases in the last 7 days'),
    },
  });
  tiles.push({
    id: 'settings',
    title: routes.settings.title,
    href: routes.settings.href(),
    description: 'Profile, password, notifications and triage assessments',
    figure: {
      of: 'triageAssessments',
      label: (n) => plural(n, 'specialty asks triage questions', 'specialties ask triage questions'),
    },
  });
  for (const admin of ADMINISTRATION) {
    if (!roles.includes(admin.role)) continue;
    tiles.push({
      id: `admin-${admin.role}`,
      title: `Administration: ${routes[admin.route].title}`,
      href: routes[admin.route].href(),
      description: admin.description,
      figure: { of: 'activeUsers', label: (n) => plural(n, 'active user', 'active users') },
    });
    break;
  }
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {routes.home.title}
        </Title>
        {me && <Text c="dimmed">Signed in as {me.displayName}</Text>}
      </Stack>
      <HomeTiles tiles={tiles} />
    </Stack>
  );
}
