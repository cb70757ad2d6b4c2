import { paths } from '../../../config/paths.ts';
import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';
import { useRouteParams } from '../use-route-params.ts';

export function TriageAssessmentPage() {
  const { specialty } = useRouteParams(paths.triageAssessment.path);
  return <ScreenPlaceholder title="Triage assessment" subject={`Specialty: ${specialty}`} />;
}
