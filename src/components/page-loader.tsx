import { LoadingState } from './states.tsx';

export function PageLoader() {
  return <LoadingState label="Loading…" page />;
}
