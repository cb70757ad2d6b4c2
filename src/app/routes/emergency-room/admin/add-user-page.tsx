import { ScreenPlaceholder } from '../../../../components/screen-placeholder.tsx';

export function AddUserPage() {
  return <ScreenPlaceholder title="Add user" />;
}
