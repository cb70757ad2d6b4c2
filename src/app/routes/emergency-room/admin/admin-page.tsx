import { ScreenPlaceholder } from '../../../../components/screen-placeholder.tsx';

export function EmergencyRoomAdminPage() {
  return <ScreenPlaceholder title="Emergency room administration" />;
}
