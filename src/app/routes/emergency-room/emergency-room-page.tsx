import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export function EmergencyRoomPage() {
  return <ScreenPlaceholder title="Emergency room" />;
}
