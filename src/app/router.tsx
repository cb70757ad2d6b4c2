// The whole route map (seed §2) in one table. Every screen is lazy; its import lives in route-modules.ts so
// links can preload it. Paths come from config/paths.ts, trailing slashes as the seed writes them.
import type { RouteObject } from 'react-router';
import { paths, type RouteName } from '../config/paths.ts';
import { ProtectedRoute } from '../lib/auth/index.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { NotFoundPage } from './errors/not-found-page.tsx';
import { RouteErrorScreen } from './errors/route-error-screen.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { routeScreens } from './route-modules.ts';
import { AppShellLayout } from './shell/app-shell-layout.tsx';

function screen(name: RouteName): RouteObject {
  return {
    id: name,
    path: paths[name].path,
    lazy: async () => ({ Component: await routeScreens[name].load() }),
  };
}

export const appRoutes: RouteObject[] = [
  {
    id: 'app',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      screen('root'),
      screen('signIn'),
      screen('signOut'),
      {
        id: 'protected',
        element: (
          <ProtectedRoute>
            <AppShellLayout />
          </ProtectedRoute>
        ),
        children: [
          {
            // Pathless, so a screen's error or failed import shows inside the shell, not instead of it.
            id: 'screens',
            errorElement: <RouteErrorScreen />,
            children: [
              screen('settings'),
              screen('triageAssessment'),
              screen('insights'),
              screen('insightsPhysicians'),
              screen('insightsHospitals'),
              screen('home'),
              screen('hospitalSystemAdmin'),
              screen('hospitalSystemAdminHospitals'),
              screen('hospitalAdmin'),
              screen('hospitalAdminSpecialistsDetails'),
              screen('emergencyRoom'),
              screen('emergencyRoomCases'),
              screen('emergencyRoomAdmin'),
              screen('emergencyRoomAdminSpecialistScheduler'),
              screen('emergencyRoomAdminOnCallSchedules'),
              screen('emergencyRoomAdminAddUser'),
              screen('doctorCases'),
              screen('doctorCaseNew'),
              screen('doctorCase'),
              screen('specialistCases'),
              screen('specialistCase'),
              screen('specialistReport'),
            ],
          },
        ],
      },
      { id: 'notFound', path: '*', element: <NotFoundPage /> },
    ],
  },
];
