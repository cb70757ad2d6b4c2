// /insights: the administrators' overview, with the figures of each hospital they may see.
import { routes } from '../../../config/routes.ts';
import { HospitalInsightsScreen } from '../../../features/insights/index.ts';

export function Component() {
  return <HospitalInsightsScreen title={routes.insights.title} showHospitals />;
}
