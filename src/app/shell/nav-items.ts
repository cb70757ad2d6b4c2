// The shell's links for a set of roles; the header and the drawer both render this list.
import { paths } from '../../config/paths.ts';
import { homeRouteFor } from '../../lib/auth/roles.ts';

export interface NavItem {
  readonly key: 'home' | 'specialistReport' | 'settings' | 'logout';
  readonly label: string;
  readonly to: string;
}

export function navItemsFor(roles: readonly string[]): readonly NavItem[] {
  const items: NavItem[] = [{ key: 'home', label: 'Home', to: homeRouteFor(roles) }];
  if (roles.includes('specialist')) {
    items.push({ key: 'specialistReport', label: 'Specialist Report', to: paths.specialistReport.href() });
  }
  items.push(
    { key: 'settings', label: 'Settings', to: paths.settings.href() },
    { key: 'logout', label: 'Logout', to: paths.signOut.href() },
  );
  return items;
}
