import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export function InsightsPage() {
  return <ScreenPlaceholder title="Insights" />;
}
