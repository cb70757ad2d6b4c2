import { routes } from '../../../../config/routes.ts';
import { ScreenPlaceholder } from '../../../../components/screen-placeholder.tsx';

export function Component() {
  return <ScreenPlaceholder title={routes.emergencyRoomAdmin.title} />;
}
