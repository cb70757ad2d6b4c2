import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export function SpecialistsDetailsPage() {
  return <ScreenPlaceholder title="Specialists details" />;
}
