// /insights/hospitals: the figures of the hospitals the user may see (the emergency room and the business
// administrators land here).
import { routes } from '../../../config/routes.ts';
import { HospitalInsightsScreen } from '../../../features/insights/index.ts';

export function Component() {
  return <HospitalInsightsScreen title={routes.insightsHospitals.title} showHospitals={false} />;
}
