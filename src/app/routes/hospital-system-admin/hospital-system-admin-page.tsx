import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export function HospitalSystemAdminPage() {
  return <ScreenPlaceholder title="Hospital system administration" />;
}
