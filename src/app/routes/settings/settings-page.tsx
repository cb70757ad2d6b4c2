import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export function SettingsPage() {
  return <ScreenPlaceholder title="Settings" />;
}
