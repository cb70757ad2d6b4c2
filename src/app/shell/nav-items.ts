// The shell's links for a set of roles, from the route table: Home (the role's home), then the navigation
// routes these roles may open. The header and the drawer both render this list; the drawer adds the
// administrators' screens.
import { ADMIN_NAVIGATION, NAVIGATION, routes } from '../../config/routes.ts';
import { homeRouteFor, mayOpen } from '../../lib/auth/roles.ts';

export interface NavItem {
  readonly key: 'home' | (typeof NAVIGATION)[number]['route'] | (typeof ADMIN_NAVIGATION)[number]['key'];
  readonly label: string;
  readonly to: string;
}

/** The drawer adds the administrators' screens (`drawer`); the header keeps to the short list. */
export function navItemsFor(
  roles: readonly string[],
  options: { drawer?: boolean } = {},
): readonly NavItem[] {
  const admin = options.drawer
    ? ADMIN_NAVIGATION.filter((item) =>
        'roles' in item
          ? item.roles.some((role) => roles.includes(role))
          : mayOpen(routes[item.route].access, roles),
      ).map((item) => ({ key: item.key, label: item.label, to: routes[item.route].href() }))
    : [];
  return [
    { key: 'home', label: 'Home', to: homeRouteFor(roles) },
    ...admin,
    ...NAVIGATION.filter((item) => mayOpen(routes[item.route].access, roles)).map((item) => ({
      key: item.route,
      label: item.label,
      to: routes[item.route].href(),
    })),
  ];
}
