import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export function PhysicianInsightsPage() {
  return <ScreenPlaceholder title="Physician insights" />;
}
