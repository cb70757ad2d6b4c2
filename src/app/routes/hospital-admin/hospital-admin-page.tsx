import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export function HospitalAdminPage() {
  return <ScreenPlaceholder title="Hospital administration" />;
}
