import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export function HospitalInsightsPage() {
  return <ScreenPlaceholder title="Hospital insights" />;
}
