// The layout of the protected screens: the screen the address names when it is for one of the user's roles,
// otherwise a plain refusal with the way home, never another role's empty screen. The server refuses the
// data in any case; this spares the user a screen of errors.
import { Outlet } from 'react-router';
import { useRoles } from '../../lib/auth/index.ts';
import { homeRouteFor } from '../../lib/auth/roles.ts';
import { NotForYourRole } from '../errors/not-for-your-role.tsx';
import { useRouteAccess } from './route-access.ts';

export function RoleGate() {
  const roles = useRoles();
  return useRouteAccess().refused ? <NotForYourRole home={homeRouteFor(roles)} /> : <Outlet />;
}
