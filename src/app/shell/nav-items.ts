// The shell's links for a set of roles, from the route table: Home (the role's home), then the navigation
// routes these roles may open. The header and the drawer both render this list.
import { NAVIGATION, routes } from '../../config/routes.ts';
import { homeRouteFor, mayOpen } from '../../lib/auth/roles.ts';

export interface NavItem {
  readonly key: 'home' | (typeof NAVIGATION)[number]['route'];
  readonly label: string;
  readonly to: string;
}

export function navItemsFor(roles: readonly string[]): readonly NavItem[] {
  return [
    { key: 'home', label: 'Home', to: homeRouteFor(roles) },
    ...NAVIGATION.filter((item) => mayOpen(routes[item.route].access, roles)).map((item) => ({
      key: item.route,
      label: item.label,
      to: routes[item.route].href(),
    })),
  ];
}
