import { ScreenPlaceholder } from '../../../../components/screen-placeholder.tsx';

export function SpecialistSchedulerPage() {
  return <ScreenPlaceholder title="Specialist scheduler" />;
}
