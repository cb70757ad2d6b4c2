import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export function SpecialistReportPage() {
  return <ScreenPlaceholder title="Specialist report" />;
}
