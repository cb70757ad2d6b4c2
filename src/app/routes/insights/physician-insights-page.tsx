// /insights/physicians: per specialist (the admins), or a specialist's own figures.
import { routes } from '../../../config/routes.ts';
import { PhysicianInsightsScreen } from '../../../features/insights/index.ts';

export function Component() {
  return <PhysicianInsightsScreen title={routes.insightsPhysicians.title} />;
}
