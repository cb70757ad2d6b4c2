import { routes } from '../../../config/routes.ts';
import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';
import { useRouteParams } from '../use-route-params.ts';

export function Component() {
  const { specialty } = useRouteParams(routes.triageAssessment.path);
  return <ScreenPlaceholder title={routes.triageAssessment.title} subject={`Specialty: ${specialty}`} />;
}
