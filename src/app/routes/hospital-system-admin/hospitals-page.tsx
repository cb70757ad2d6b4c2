import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export function HospitalsPage() {
  return <ScreenPlaceholder title="Hospitals" />;
}
