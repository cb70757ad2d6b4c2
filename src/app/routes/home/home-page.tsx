import { ScreenPlaceholder } from '../../../components/screen-placeholder.tsx';

export function HomePage() {
  return <ScreenPlaceholder title="Home" />;
}
