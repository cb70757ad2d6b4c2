// /specialist/specialist-report: the specialist's own figures and consultations, printable and as CSV.
import { routes } from '../../../config/routes.ts';
import { SpecialistReportScreen } from '../../../features/insights/index.ts';

export function Component() {
  return <SpecialistReportScreen title={routes.specialistReport.title} />;
}
